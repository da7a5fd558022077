/// <reference types="vite/client" />
import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react';
import { setupServer } from 'msw/node';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { demoAnnotations } from '../../.storybook/demo-annotations.ts';
import { InProcessLocks } from '../support/web-locks.ts';

// jsdom has no matchMedia; React Query Devtools asks it for the colour scheme.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;

// A page someone is looking at, as in Storybook (jsdom reports "prerender" otherwise).
Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

// jsdom has no Web Locks; the many-tabs story uses them (Chromium runs it with the real ones).
Object.defineProperty(navigator, 'locks', { value: new InProcessLocks(), configurable: true });

// The preview's MSW loader starts a service worker, which Node has not: the same handlers run
// behind msw/node here (no socket: the demos' base addresses exist only inside MSW).
const server = setupServer();
setProjectAnnotations([
  demoAnnotations,
  {
    loaders: [
      mswLoader(() => {
        server.listen({ onUnhandledFrame: 'error' });
        return server as unknown as SetupWorker;
      }),
    ],
  },
]);

afterAll(async () => {
  // Portable stories unmount a story only when the next one runs: an empty story unmounts the last,
  // so none of its timers (the token panel's countdown) fires into the torn-down jsdom.
  await composeStory({ render: () => <></> }, { title: 'Unmount the last story' }).run();
  expect(document.querySelectorAll('[data-testid="auth-status"]')).toHaveLength(0);
  server.close();
});

const storyFiles = import.meta.glob<Parameters<typeof composeStories>[0]>('../../stories/**/*.stories.tsx', {
  eager: true,
});

it('finds the story files', () => {
  expect(Object.keys(storyFiles).length).toBeGreaterThanOrEqual(15);
});

for (const [file, module] of Object.entries(storyFiles)) {
  describe(file.replace('../../stories/', ''), () => {
    for (const [name, story] of Object.entries<{ run: () => Promise<void> }>(composeStories(module))) {
      // Each story's play function asserts what the story demonstrates. Its waits are on events; this
      // bound is for a loaded machine: at load average 17–20 on 2 cores the Pentest dashboard's took
      // 26–29 s (6.6 s to its first page), and 42 s with `stress-ng --cpu 2` on top, where 30 s failed;
      // with `stress-ng --cpu 3` and more beside it, 60 s failed too.
      it(`${name}: the play function passes, with nothing logged to console.error`, async () => {
        const consoleError = vi.spyOn(console, 'error');
        try {
          await story.run();
          expect(consoleError.mock.calls).toEqual([]);
        } finally {
          consoleError.mockRestore();
        }
      }, 180_000);
    }
  });
}
