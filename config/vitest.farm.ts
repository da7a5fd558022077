import { defineConfig } from 'vitest/config';
import { shared } from './vitest.shared.js';

/**
 * The Redis farm (npm run test:farm): Debian's redis-server and token-handler and proxy processes of
 * their own, started by the tests on free 127.0.0.1 ports. Its own job, as the runtimes are: it needs
 * redis-server installed, and its processes were a sixth of `npm test`'s CPU time on 2 cores
 * (the root's vitest.config.ts leaves it out).
 */
export default defineConfig({
  ...shared,
  test: { ...shared.test, include: ['test/farm/**/*.test.ts'] },
});
