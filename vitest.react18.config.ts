import { fileURLToPath } from 'node:url';
import { mergeConfig, type Plugin } from 'vitest/config';
import { shared as base } from './vitest.shared.js';

// The tests that render React, again on React 18 (npm run test:react18): every .tsx test and the hooks'
// own suite. The rest (core, server, farm, model, mock service) never loads React, so a second run of it
// would test React 19's absence twice. React 18 lives in test/react18 (a package of its own, so
// react-dom 18 finds react 18 as its peer while the root keeps React 19).
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

// mergeConfig would add the root's `include` (every test) to this one's: the root's is replaced first.
export default mergeConfig({ ...base, test: { ...base.test, include: ['test/**/*.test.tsx', 'test/react/**/*.test.ts'] } }, {
  plugins: [react18()],
  test: {
    // …and what Node loads itself (React Query, zustand, Testing Library) through a resolve hook.
    execArgv: ['--import', fileURLToPath(new URL('./test/react18/use-react18.ts', import.meta.url))],
    env: { EXPECTED_REACT_MAJOR: '18' },
  },
});
