import { fileURLToPath } from 'node:url';
import { configDefaults, mergeConfig, type Plugin } from 'vitest/config';
import base from './vitest.config.js';

// The whole suite again on React 18 (npm run test:react18). Reuses the main config, so every test
// file it picks up runs on both majors. React 18 lives in test/react18 (a package of its own, so
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

export default mergeConfig(base, {
  plugins: [react18()],
  test: {
    // The Redis farm and the client model render nothing (no React in them) and are the suite's
    // longest files: once, on React 19, is enough.
    exclude: [...configDefaults.exclude, 'test/farm/**', 'test/runtimes/**', 'test/reliability/fuzz-client-model.test.ts'],
    // …and what Node loads itself (React Query, zustand, Testing Library) through a resolve hook.
    execArgv: ['--import', fileURLToPath(new URL('./test/react18/use-react18.ts', import.meta.url))],
    env: { EXPECTED_REACT_MAJOR: '18' },
  },
});
