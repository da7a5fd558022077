import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { OWN_PROCESS, resolveFromInstall, shared as base } from './vitest.shared.js';

// The tests that render React, again on React 18: every .tsx test and the hooks' own suite. The rest
// (core, server, farm, model, mock service) never loads React, so a second run of it would test React 19's
// absence twice. React 18 lives in test/react18 (a package of its own, so react-dom 18 finds react 18 as
// its peer while the root keeps React 19). `npm test` runs this project with the others in one vitest
// run (vitest.config.ts at the root); `npx vitest run --project 'react-18*'` runs its two projects alone.
/** Our sources and tests, which vite transforms, resolve React from test/react18. */
const react18 = () => resolveFromInstall('react-18', /^react(?:-dom)?(?:\/|$)/, 'test/react18/package.json');

// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { include, exclude, ...settings } = base.test;

const react18Project = (test: NonNullable<TestProjectInlineConfiguration['test']>): TestProjectInlineConfiguration => ({
  ...base,
  plugins: [react18()],
  test: {
    ...settings,
    // …and what Node loads itself (React Query, zustand, Testing Library) through a resolve hook.
    execArgv: ['--import', fileURLToPath(new URL('../test/react18/use-react18.ts', import.meta.url))],
    env: { EXPECTED_REACT_MAJOR: '18' },
    ...test,
  },
});

// The stories are the demos, not the library: they run on React 19 here and in Chromium
// (npm run test:browser). A second jsdom run of them on React 18 was 40 s of the suite's worker
// time and tested nothing of the hooks that test/react does not.
const NOT_ON_REACT_18 = ['test/stories/**'];

export const react18Projects: TestProjectInlineConfiguration[] = [
  react18Project({
    name: 'react-18',
    include: ['test/**/*.test.tsx', 'test/react/**/*.test.ts'],
    exclude: [...exclude, ...NOT_ON_REACT_18, ...OWN_PROCESS],
    // One worker runs file after file: Testing Library unmounts after every test, and the React 19
    // run already gives each file a context of its own. A process per file was 51 CPU-s here against
    // about 20 (the resolve hook above is the process's, so these files cannot take vmForks' contexts).
    isolate: false,
  }),
  // Of the files that need a process each (vitest.shared.ts), those this run includes: the .tsx ones.
  react18Project({ name: 'react-18-own-process', include: OWN_PROCESS, exclude: [...exclude, ...NOT_ON_REACT_18, '**/*.test.ts'] }),
];

export default defineConfig({ ...base, test: { ...settings, projects: react18Projects } });
