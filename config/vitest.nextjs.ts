import { defineConfig } from 'vitest/config';
import { POLL_BOUND, ROOT } from './vitest.shared.js';

/**
 * examples/nextjs built with `next build`, served by `next start` and driven in Debian's Chromium
 * (npm run test:nextjs, after `npm run install-library` in examples/nextjs). Not part of `npm test`.
 */
export default defineConfig({
  root: ROOT,
  test: {
    include: ['test-browser/nextjs/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    expect: POLL_BOUND,
    // `next build` on 2 shared cores.
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
