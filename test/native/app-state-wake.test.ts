import { describe, expect, it } from 'vitest';
import { appStateWake, type AppStateLike } from 'graphql-jwt-auth-react/native';
import { PentestsDocument } from '../support/documents.js';
import { bearerTokens, clientFor, startService } from '../support/fixtures.js';

/**
 * React Native's AppState as the client sees it: the test says when the app changes state. Listeners
 * are kept by event, as AppState keeps them: only those added for 'change' hear a change of state.
 */
function fakeAppState() {
  const listeners = new Map<string, Set<(state: string) => void>>();
  const appState: AppStateLike = {
    addEventListener: (type, listener) => {
      const ofType = listeners.get(type) ?? new Set();
      listeners.set(type, ofType.add(listener));
      return {
        remove: () => {
          ofType.delete(listener);
        },
      };
    },
  };
  const set = (state: string) => {
    for (const listener of listeners.get('change') ?? []) listener(state);
  };
  const listening = () => listeners.get('change')?.size ?? 0;
  return { appState, listening, set };
}

describe('appStateWake', () => {
  it('renews a token that expired in the background when the app becomes active (not while inactive), before the next request asks, and stops listening on dispose', async () => {
    const running = await startService();
    const { appState, listening, set } = fakeAppState();
    let skewMs = 0;
    const client = clientFor(running, { renewOnWake: appStateWake(appState), now: () => Date.now() + skewMs });
    const first = await client.getToken();
    expect(listening()).toBe(1);

    set('background');
    skewMs = 3_601_000; // asleep past the hour
    set('inactive');
    // Only 'active' is the foreground: a renewal would have set 'authenticating' by now.
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: first });
    expect(running.service.authCalls).toHaveLength(1);
    const renewed = new Promise<void>((resolve) => {
      const stop = client.store.subscribe((state) => {
        if (state.token !== null && state.token !== first) {
          stop();
          resolve();
        }
      });
    });
    set('active');
    await renewed;
    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls).toHaveLength(0);

    await client.request(PentestsDocument, { page_size: 1 });
    expect(bearerTokens(running.service)).toEqual([client.store.getState().token]);
    expect(running.service.authCalls).toHaveLength(2);

    // React Query's focus refetch runs on the same 'active', here first: the request and the wake share one renewal.
    skewMs = 7_202_000;
    set('background');
    const refetch = client.request(PentestsDocument, { page_size: 1 });
    set('active');
    await refetch;
    expect(running.service.authCalls).toHaveLength(3);
    expect(bearerTokens(running.service).at(-1)).toBe(client.store.getState().token);

    client.dispose();
    expect(listening()).toBe(0);
  });
});
