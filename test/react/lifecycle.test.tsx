import { render, screen } from '@testing-library/react';
import { type ReactNode, StrictMode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, createAuthClient, useAuth, useGraphQLSuspenseQuery } from '../../src/index.js';
import { PentestsDocument } from '../support/documents.js';
import { API_KEY, startService, type Running } from '../support/fixtures.js';
import { trackLibraryTimers, type TimerTracker } from '../support/live-timers.js';
import { providerProps } from '../support/render.js';
import { sessionPersistence } from '../../src/index.js';

let tracker: TimerTracker | undefined;
afterEach(() => {
  tracker?.stop();
  tracker = undefined;
});

function SuspenseItems() {
  const { data } = useGraphQLSuspenseQuery(PentestsDocument, { page_size: 2 });
  return <p data-testid="items">{data.pentests_page.pentests.map((pentest) => pentest.name).join(', ')}</p>;
}

function Status() {
  return <p data-testid="status">{useAuth().status}</p>;
}

/** The shape the issue names: the Suspense boundary above the provider, no QueryClientProvider around. */
function suspenseAboveProvider(running: Running, strict: boolean, extra: object = {}): ReactNode {
  const tree = (
    <Suspense fallback={<p data-testid="fallback">loading</p>}>
      <AuthProvider {...providerProps(running, extra)}>
        <SuspenseItems />
      </AuthProvider>
    </Suspense>
  );
  return strict ? <StrictMode>{tree}</StrictMode> : tree;
}

describe('background work belongs to a committed owner', () => {
  for (const strict of [false, true]) {
    it(`Suspense above the provider${strict ? ' (StrictMode)' : ''}: 1 /v1/auth call on mount, 0 after unmount, no timer left`, async () => {
      tracker = trackLibraryTimers();
      // A 60 s token: however slow a loaded machine renders, the mount ends long before its renewal is due
      // (30 s), so any second /v1/auth call here would be a discarded render's. After unmount no library
      // timer is left, so nothing can renew: that, not a sleep, is what proves "0 after unmount".
      const running = await startService({ tokenLifetimeSec: 60 });
      const view = render(suspenseAboveProvider(running, strict));

      await screen.findByTestId('items');
      expect(running.service.authCalls).toHaveLength(1);
      expect((await tracker.live()).some((stack) => stack.includes('renewal-timer'))).toBe(true);

      view.unmount();
      expect(await tracker.live()).toEqual([]);
      expect(running.service.authCalls).toHaveLength(1);
    });
  }

  it('StrictMode with a persisted token: 0 /v1/auth calls on mount and after unmount', async () => {
    tracker = trackLibraryTimers();
    // A 60 s token: the stored one is fresh however long the seed and the render take on a loaded machine.
    const running = await startService({ tokenLifetimeSec: 60 });
    const items = new Map<string, string>();
    const storage = {
      getItem: (name: string) => items.get(name) ?? null,
      setItem: (name: string, value: string) => void items.set(name, value),
      removeItem: (name: string) => void items.delete(name),
    };
    const seed = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, persist: sessionPersistence({ storage }) });
    await seed.getToken();
    seed.dispose();
    expect(running.service.authCalls).toHaveLength(1);

    const view = render(
      <StrictMode>
        <AuthProvider {...providerProps(running, { persist: sessionPersistence({ storage }) })}>
          <Status />
        </AuthProvider>
      </StrictMode>,
    );
    expect((await screen.findByTestId('status')).textContent).toBe('authenticated');
    expect(running.service.authCalls).toHaveLength(1);
    view.unmount();
    // No library timer left: nothing renews the stored token once the provider is gone.
    expect(await tracker.live()).toEqual([]);
  });

  it('a committed provider renews in the background by itself', async () => {
    const running = await startService({ tokenLifetimeSec: 4 });
    render(
      <AuthProvider {...providerProps(running)}>
        <Status />
        <SuspenseItemsInBoundary />
      </AuthProvider>,
    );
    await screen.findByTestId('items');
    const sends = running.service.graphqlCalls.length;
    // Renewal at half the 3 s lifetime: the committed provider's timer makes the next call by itself,
    // with no request sent meanwhile to ask for it (waited for, not slept: a loaded machine is late).
    await vi.waitFor(
      () => {
        expect(running.service.authCalls.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(running.service.graphqlCalls).toHaveLength(sends);
  });
});

function SuspenseItemsInBoundary() {
  return (
    <Suspense fallback={<p>loading</p>}>
      <SuspenseItems />
    </Suspense>
  );
}
