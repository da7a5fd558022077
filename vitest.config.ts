import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { react18Projects } from './config/vitest.react18.js';
import { OWN_PROCESS, shared } from './config/vitest.shared.js';

const { include, exclude: excludeEverywhere, ...settings } = shared.test;

/**
 * The Redis farm runs in a job of its own (npm run test:farm, in CI after this suite): it needs Debian's
 * redis-server, which a contributor may not have, and its processes were a sixth of this suite's CPU.
 */
const exclude = [...excludeEverywhere, 'test/farm/**'];

/**
 * Files whose tests clean up after themselves (a fresh mock service each, clients and handlers disposed,
 * global providers removed) share one worker per process: starting a worker with jsdom per file was a
 * third of the suite's time.
 */
const SHARED_WORKER = ['test/core/**/*.test.ts', 'test/architecture/**/*.test.ts', 'test/server/**/*.test.ts', 'test/mock-service/**/*.test.ts'];

const project = (test: NonNullable<TestProjectInlineConfiguration['test']>): TestProjectInlineConfiguration => ({
  ...shared,
  test: { ...settings, ...test },
});

export default defineConfig({
  ...shared,
  test: {
    ...settings,
    projects: [
      project({ name: 'shared-worker', include: SHARED_WORKER, exclude, isolate: false }),
      // The rest (the React tests among them) each get a fresh VM context in a reused worker: Testing
      // Library's and React's module state is per file as in a process of its own, but jsdom and the
      // worker load once per worker instead of once per file (measured on 2 cores: test/react's files
      // 16 against 34 CPU-s; a fresh clone's npm test 169–179 s against 206 s).
      project({ name: 'context-per-file', include, exclude: [...exclude, ...SHARED_WORKER, ...OWN_PROCESS], pool: 'vmForks' }),
      project({ name: 'process-per-file', include: OWN_PROCESS, exclude }),
      // The React tests again on React 18, in the same run so that their waits overlap the others'.
      ...react18Projects,
    ],
  },
});
