import { defineConfig } from 'vitest/config';
import { POLL_BOUND, ROOT } from './vitest.shared.js';

// The packed-tarball checks (npm run test:package): they install from the registry, build apps and read
// dist/, so they run after `npm run build`, apart from the main suite.
export default defineConfig({
  root: ROOT,
  test: {
    include: ['test/package/**/*.package.ts'],
    // One `npm pack` from a clean copy of the project, shared by every file.
    globalSetup: ['test/package/pack.global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    expect: POLL_BOUND,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
