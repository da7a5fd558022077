import { defineConfig } from 'vitest/config';
import { POLL_BOUND, ROOT } from './vitest.shared.js';

/**
 * The docs' recipes pasted into apps made by the tools a user would use (create-vite, create-next-app),
 * outside the repository, on the packed tarball, and driven in Debian's Chromium (npm run
 * test:recipes). They install from the registry, so they run apart from the main suite.
 */
export default defineConfig({
  root: ROOT,
  test: {
    include: ['test/recipes/**/*.recipe.ts'],
    // One `npm pack` from a clean copy of the project, shared by both files (as test:package does).
    globalSetup: ['test/package/pack.global-setup.ts'],
    environment: 'node',
    testTimeout: 180_000,
    expect: POLL_BOUND,
    // Installs and `next build` on 2 shared cores.
    hookTimeout: 420_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
