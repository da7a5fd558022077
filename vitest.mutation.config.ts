import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// What `npm run mutation` (StrykerJS) runs for each mutant of src/core: the core and reliability
// suites, with the fuzzers and the model at a few runs each and fixed seeds (a mutant is run by every
// test that covers it). The soak runs in `npm run soak`; the React tests reach src/core through these paths.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/core/**/*.test.ts', 'test/reliability/**/*.test.ts'],
    exclude: ['test/reliability/soak*'],
    env: { FUZZ_RUNS: '10', MODEL_RUNS: '15', MODEL_SEED: '20261122', FUZZ_SEED: '20261122' },
  },
});
