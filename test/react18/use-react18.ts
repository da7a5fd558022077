// Loaded with `node --import` into every worker of the React 18 run (config/vitest.react18.ts).
// Dependencies vitest leaves to Node (React Query, zustand, Testing Library, react-dom itself)
// import `react` and `react-dom` by name; resolving those names from this folder gives them React 18,
// so the whole process holds one React, never a mix of 18 and 19.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const REACT_PACKAGES = /^react(?:-dom)?(?:\/|$)/;
const fromHere = createRequire(import.meta.url);

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!REACT_PACKAGES.test(specifier)) return nextResolve(specifier, context);
    // React 18 ships CommonJS only, so require's resolution is the right one for import and require alike.
    return { url: pathToFileURL(fromHere.resolve(specifier)).href, shortCircuit: true };
  },
});
