import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { react18Projects } from './vitest.react18.config.js';
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
 * third of the suite's time.
 */
const SHARED_WORKER = [
  'test/core/**/*.test.ts',
  'test/architecture/**/*.test.ts',
  'test/server/**/*.test.ts',
  'test/telemetry/**/*.test.ts',
  'test/mock-service/**/*.test.ts',
];

/**
 * Files that need a process of their own, not only a context: the reliability suites and two React files
 * count every live timer of the process (test/support/live-timers.ts), the reliability suites read its
 * unhandled rejections, the stories and the testing entry run MSW
 * (it patches the process's fetch), the examples run GraphQL Code Generator (it loads its presets with
 * Node's own require), and the devtools' production test reads the process's NODE_ENV.
 */
const OWN_PROCESS = [
  'test/reliability/**/*.test.{ts,tsx}',
  'test/react/lifecycle.test.tsx',
  'test/react/server-render.test.tsx',
  'test/stories/**/*.test.tsx',
  'test/testing/testing-entry.test.ts',
  'test/examples/**/*.test.{ts,tsx}',
  'test/devtools/auth-devtools-production.test.tsx',
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
