import { defineConfig } from 'vitest/config';
import { POLL_BOUND, ROOT } from './vitest.shared.js';

/** Tests that drive Debian's Chromium (playwright-core); run by `npm run test:browser`, not `npm test`. */
export default defineConfig({
  root: ROOT,
  test: {
    include: ['test-browser/library/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    expect: POLL_BOUND,
    hookTimeout: 60_000,
    // One browser at a time on a 2-core machine.
    fileParallelism: false,
  },
});
