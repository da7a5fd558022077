import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { react18Project } from './vitest.react18.config.js';
import { shared } from './vitest.shared.js';

const { include, exclude, ...settings } = shared.test;

/**
 * Files whose tests clean up after themselves (a fresh mock service each, clients and handlers
 * disposed, global providers removed) share one worker per process: starting a worker with jsdom per
 * file was a third of the suite's time, and the farm's, the docs' and the examples' files joined them
 * when a fresh clone's `npm test` still spent 1.3 s starting each of 136 workers (186 s, over its
 * 180 s budget). The others keep a worker per file: React (Testing Library's globals, so every
 * `.test.tsx`), MSW (it patches fetch: test/testing) and the reliability suites (they count every
 * live timer of the process).
 */
const SHARED_WORKER = [
  'test/core/**/*.test.ts',
  'test/architecture/**/*.test.ts',
  'test/server/**/*.test.ts',
  'test/telemetry/**/*.test.ts',
  'test/mock-service/**/*.test.ts',
  'test/farm/**/*.test.ts',
  'test/cloudflare/**/*.test.ts',
  'test/native/**/*.test.ts',
  'test/support/**/*.test.ts',
  'test/examples/**/*.test.ts',
  'test/readme/**/*.test.ts',
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
