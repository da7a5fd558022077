import { readFileSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { OWN_PROCESS, resolveFromInstall, shared as base } from './vitest.shared.js';

// The hooks' tests (test/react, the key-factory recipe) on the lowest @tanstack/react-query the peer
// range allows, and the @tanstack/query-core it pins: `npm run test:react-query-lowest`, a CI job of its
// own. They live in test/react-query-lowest, a package of its own as test/react18 is, so the root keeps
// the current React Query; React is the root's. test/react/react-query-version.test.ts checks that this
// run loads the range's floor and that test/react-query-lowest installs exactly that.

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { peerDependencies: Record<string, string> };
const floor = /^\^(\d+\.\d+\.\d+)$/.exec(manifest.peerDependencies['@tanstack/react-query'] ?? '')?.[1];
if (floor === undefined) throw new Error('The @tanstack/react-query peer range is no longer ^x.y.z: say here which version is its floor');

/**
 * Our sources and tests, which vite transforms, resolve React Query from test/react-query-lowest. Node
 * then loads that copy, whose own import of query-core finds the version it pins beside it.
 */
const lowestReactQuery = () =>
  resolveFromInstall('react-query-lowest', /^@tanstack\/(?:react-query|query-core)(?:\/|$)/, 'test/react-query-lowest/package.json');

// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { include, exclude, ...settings } = base.test;
const HOOK_TESTS = ['test/react/**/*.test.{ts,tsx}', 'test/readme/recipe-key-factory.test.tsx'];

const project = (test: NonNullable<TestProjectInlineConfiguration['test']>): TestProjectInlineConfiguration => ({
  ...base,
  plugins: [lowestReactQuery()],
  test: { ...settings, env: { EXPECTED_REACT_QUERY: floor }, ...test },
});

export default defineConfig({
  ...base,
  test: {
    ...settings,
    projects: [
      // As the main run's context-per-file project: a fresh VM context per file in a reused worker.
      project({ name: 'react-query-lowest', include: HOOK_TESTS, exclude: [...exclude, ...OWN_PROCESS], pool: 'vmForks' }),
      // Of the files that need a process each (vitest.shared.ts), those in test/react.
      project({ name: 'react-query-lowest-own-process', include: OWN_PROCESS.filter((path) => path.startsWith('test/react/')), exclude }),
    ],
  },
});
