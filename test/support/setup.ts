import { webcrypto } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';

// In a VM context jsdom's window is the global, and its crypto has no subtle: browsers and Node have it.
if ((globalThis.crypto as Partial<Crypto>).subtle === undefined) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

// vitest runs without globals, so Testing Library cannot register its own cleanup. Only the .tsx files
// render React: the others never load Testing Library (and React with it) for a cleanup with nothing to do.
afterEach(async ({ task }) => {
  if (!task.file.name.endsWith('.tsx')) return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

// Testing Library's find* and waitFor give up after 1 s by default: on a loaded 2-core machine a query
// that renews a token over real HTTP took longer than that, and at load 11-13 longer than 5 s. The
// bound is not a wait: each find ends at its event.
beforeEach(async ({ task }) => {
  if (!task.file.name.endsWith('.tsx')) return;
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
});
