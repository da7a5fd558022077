import { defineConfig } from 'vitest/config';
import { POLL_BOUND, ROOT } from './vitest.shared.js';

/**
 * The server runtimes (npm run test:runtimes): the built entries served by Bun, Deno and workerd,
 * each installed from the npm registry at a pinned version (test/runtimes/package.json).
 */
export default defineConfig({
  root: ROOT,
  test: {
    include: ['test/runtimes/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    expect: POLL_BOUND,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
