import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type TestProjectInlineConfiguration } from 'vitest/config';
import { shared as base } from './vitest.shared.js';

// The tests that render React, again on React 18: every .tsx test and the hooks' own suite. The rest
// (core, server, farm, model, mock service) never loads React, so a second run of it would test React 19's
// absence twice. React 18 lives in test/react18 (a package of its own, so react-dom 18 finds react 18 as
// its peer while the root keeps React 19). `npm test` runs this project with the others in one vitest
// run (vitest.config.ts); `npx vitest run --project react-18` runs it alone.
const REACT_PACKAGES = /^react(?:-dom)?(?:\/|$)/;
const anchorFile = fileURLToPath(new URL('./test/react18/package.json', import.meta.url));

/** Our sources and tests, which vite transforms, resolve React from test/react18. */
function react18(): Plugin {
  return {
    name: 'react-18',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      return REACT_PACKAGES.test(source) ? this.resolve(source, anchorFile, { ...options, skipSelf: true }) : null;
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { include, exclude, ...settings } = base.test;

export const react18Project: TestProjectInlineConfiguration = {
  ...base,
  plugins: [react18()],
  test: {
    ...settings,
    name: 'react-18',
    include: ['test/**/*.test.tsx', 'test/react/**/*.test.ts'],
    // The stories are the demos, not the library: they run on React 19 here and in Chromium
    // (npm run test:browser). A second jsdom run of them on React 18 was 40 s of the suite's worker
    // time and tested nothing of the hooks that test/react does not.
    exclude: [...exclude, 'test/stories/**'],
    // …and what Node loads itself (React Query, zustand, Testing Library) through a resolve hook.
    execArgv: ['--import', fileURLToPath(new URL('./test/react18/use-react18.ts', import.meta.url))],
    env: { EXPECTED_REACT_MAJOR: '18' },
  },
};

export default defineConfig({ ...base, test: { ...settings, projects: [react18Project] } });
