import type { Plugin } from 'vite';

/** A vite plugin that loads each module whose path ends with a key as that key's code instead: the bench's what-if builds. */
export const stubbedModules = (modules: Readonly<Record<string, string>>): Plugin => ({
  name: 'stubbed-modules',
  enforce: 'pre',
  load(id) {
    const module = Object.keys(modules).find((path) => id.endsWith(path));
    return module === undefined ? null : modules[module];
  },
});
