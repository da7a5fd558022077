import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { react18Project } from './vitest.react18.config.js';
import { shared } from './vitest.shared.js';

const { include, exclude: excludeEverywhere, ...settings } = shared.test;

/**
 * The Redis farm runs in a job of its own (npm run test:farm, in CI after this suite): it needs Debian's
 * redis-server, which a contributor may not have, and its processes were a sixth of this suite's CPU.
 */
const exclude = [...excludeEverywhere, 'test/farm/**'];

/**
 * Files whose tests clean up after themselves (a fresh mock service each, clients and handlers disposed,
 * global providers removed) share one worker per process: starting a worker with jsdom per file was a
 * third of the suite's time. The others keep a worker per file: React (Testing Library's globals),
 * MSW (it patches fetch), the reliability suites (they count every live timer of the process) and the
 * examples (processes of their own).
 */
const SHARED_WORKER = [
  'test/core/**/*.test.ts',
  'test/architecture/**/*.test.ts',
  'test/server/**/*.test.ts',
  'test/telemetry/**/*.test.ts',
  'test/mock-service/**/*.test.ts',
];

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
      project({ name: 'worker-per-file', include, exclude: [...exclude, ...SHARED_WORKER] }),
      // The React tests again on React 18, in the same run so that their waits overlap the others'.
      react18Project,
    ],
  },
});
