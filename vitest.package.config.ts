import { defineConfig } from 'vitest/config';

// The packed-tarball checks (npm run test:package): they install from the registry and build an app,
// so they run after `npm run build`, apart from the main suite.
export default defineConfig({
  test: {
    include: ['test/package/**/*.package.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
