import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { shared as base } from './vitest.shared.js';

// `npm run test:fast`, the inner loop: the core and React tests on one React version, the core in one
// shared worker (its tests clean up after themselves: a fresh service each, clients disposed), the
// React tests a worker per file as in the full suite. The full suite stays `npm test`.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { include, ...shared } = base.test;

const project = (test: NonNullable<TestProjectInlineConfiguration['test']>): TestProjectInlineConfiguration => ({
  ...base,
  test: { ...shared, ...test },
});

export default defineConfig({
  ...base,
  test: {
    ...shared,
    projects: [
      project({ name: 'core', include: ['test/core/**/*.test.ts', 'test/architecture/**/*.test.ts'], isolate: false }),
      project({ name: 'react', include: ['test/react/**/*.test.tsx'] }),
    ],
  },
});
