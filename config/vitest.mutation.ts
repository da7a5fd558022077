import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { shared as base } from './vitest.shared.js';

// What `npm run mutation` (StrykerJS) runs for each mutant of src/core, src/server, the shared caches and src/native: the
// core, reliability, server, telemetry, farm and native suites, with the fuzzers and the model at a few runs each and fixed seeds (a mutant is run by every
// test that covers it). The soak runs in `npm run soak`; the React tests reach src/core through these paths.
const env = { FUZZ_RUNS: '10', MODEL_RUNS: '15', MODEL_SEED: '20261122', FUZZ_SEED: '20261122' };

// Each project names its own files: vitest would add the root's `include` (every test) to theirs.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { include, ...shared } = base.test;

const SERVER_TIMER_COUNTS = ['test/server/forced-renewals.test.ts', 'test/server/session-pool.test.ts'];

const project = (test: NonNullable<TestProjectInlineConfiguration['test']>): TestProjectInlineConfiguration => ({
  ...base,
  test: { ...shared, env, ...test },
});

export default defineConfig({
  ...base,
  test: {
    ...shared,
    projects: [
      // A mutant that survives runs every test covering it, and starting a worker per file was most of
      // that time. The core tests clean up after themselves (fresh service, client disposed), so they
      // share one worker; the reliability tests count every live timer of the process, so they keep
      // a worker per file.
      project({ name: 'core', include: ['test/core/**/*.test.ts'], isolate: false }),
      project({ name: 'reliability', include: ['test/reliability/**/*.test.ts'], exclude: ['test/reliability/soak*'] }),
      // The browser side of the two backend modes (token endpoint, GraphQL proxy) lives in src/core and is
      // driven by the server tests, against the handlers a backend mounts.
      // As in `npm test` (vitest.config.ts' shared-worker project), the server tests share a worker: each
      // mutant's run re-imported the handlers, the mock and jsdom for every file that covers it. The two
      // that count the process's live timers keep a worker per file: here one worker runs every file in
      // turn, and a timer another file's handler still holds for a moment counted as theirs.
      project({ name: 'server', include: ['test/server/**/*.test.ts'], exclude: SERVER_TIMER_COUNTS, isolate: false }),
      project({ name: 'server-timers', include: SERVER_TIMER_COUNTS }),
      // The telemetry tests run in a process of their own in `npm test` (they install a global
      // OpenTelemetry provider), so a worker per file here too.
      project({ name: 'telemetry', include: ['test/telemetry/**/*.test.ts'] }),
      // The Redis cache (src/redis, src/shared-cache) against Debian's redis-server, started by the tests.
      project({ name: 'farm', include: ['test/farm/**/*.test.ts'] }),
      // React Native's adapters (src/native: SecureStore storage, AppState wake) through their Node tests;
      // without this project every src/native mutant had no covering test.
      project({ name: 'native', include: ['test/native/**/*.test.ts'] }),
    ],
  },
});
