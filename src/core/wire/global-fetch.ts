/** The default fetch, looked up per call, so a fetch patched after import (MSW, tests) is the one used. */
export const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
