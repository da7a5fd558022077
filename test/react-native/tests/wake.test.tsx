import { render, screen, waitFor } from '@testing-library/react-native';
import { appStateWake } from 'graphql-jwt-auth-react/native';
import { act } from 'react';
import { AppState } from 'react-native';
import { App, newQueryClient } from '../support/app';
import { type MockBin, startMockBin } from '../support/mock-bin';

/** React Native's AppState under jest never changes: the test moves it, through the listeners the app registered. */
function driveAppState() {
  const listeners = new Set<(state: string) => void>();
  jest.spyOn(AppState, 'addEventListener').mockImplementation((_type, listener) => {
    listeners.add(listener);
    return { remove: () => listeners.delete(listener) } as ReturnType<typeof AppState.addEventListener>;
  });
  return (state: string) => act(() => listeners.forEach((listener) => listener(state)));
}

describe('coming back to the foreground', () => {
  let mock: MockBin;
  afterEach(() => mock.stop());

  it('renews a token that expired while the app was in the background as it becomes active, before any refetch, with none of the web globals', async () => {
    // Expo installs URL lazily, and its polyfill needs TextDecoder when first read: read now, as the
    // app's own code would have, so that what is removed below is what the library alone must do without.
    expect(typeof URL).toBe('function');
    const web = { BroadcastChannel: globalThis.BroadcastChannel, TextDecoder: globalThis.TextDecoder };
    const { subtle } = globalThis.crypto;
    // What the default path must not need on React Native (document, window.addEventListener and
    // Web Locks are absent from the environment already).
    for (const name of Object.keys(web)) Reflect.deleteProperty(globalThis, name);
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    expect([typeof document, typeof (globalThis as { window?: { addEventListener?: unknown } }).window?.addEventListener, typeof navigator?.locks]).toEqual([
      'undefined',
      'undefined',
      'undefined',
    ]);
    try {
      const setAppState = driveAppState();
      let skewMs = 0;
      mock = await startMockBin();
      const queryClient = newQueryClient();
      await render(<App url={mock.url} queryClient={queryClient} now={() => Date.now() + skewMs} renewOnWake={appStateWake(AppState)} />);
      await screen.findByText(/^pentests: /, {}, { timeout: 15_000 });
      expect(mock.authCalls()).toBe(1);

      await setAppState('background');
      skewMs = 3_601_000; // the phone slept past the hour-long token's expiry
      await setAppState('active');
      await waitFor(() => expect(mock.authCalls()).toBe(2), { timeout: 15_000 });
      expect(mock.graphqlCalls()).toEqual([{ status: 200, tag: 'us#1' }]);

      await queryClient.refetchQueries();
      expect(mock.graphqlCalls()).toEqual([
        { status: 200, tag: 'us#1' },
        { status: 200, tag: 'us#2' },
      ]);
      expect(mock.authCalls()).toBe(2);
    } finally {
      Object.assign(globalThis, web);
      Object.defineProperty(globalThis.crypto, 'subtle', { value: subtle, configurable: true });
    }
  });
});
