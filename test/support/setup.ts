import { afterEach } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own cleanup. Only the .tsx files
// render React: the others never load Testing Library (and React with it) for a cleanup with nothing to do.
afterEach(async ({ task }) => {
  if (!task.file.name.endsWith('.tsx')) return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
