import { render, screen, waitFor } from '@testing-library/react-native';
import { authDevtools, tabSync } from 'graphql-jwt-auth-react';
import { App, newQueryClient } from '../support/app';
import { type MockBin, startMockBin } from '../support/mock-bin';

describe('a query in React Native', () => {
  let mock: MockBin;
  afterEach(() => mock.stop());

  it('renders the data of useGraphQLQuery under AuthProvider, with one /v1/auth over real HTTP', async () => {
    mock = await startMockBin();
    await render(<App url={mock.url} queryClient={newQueryClient()} />);
    expect(await screen.findByText(/^pentests: /, {}, { timeout: 15_000 })).toBeTruthy();
    expect(mock.authCalls()).toBe(1);
    expect(mock.graphqlCalls()).toEqual([{ status: 200, tag: 'us#1' }]);
  });

  it('renews a short token before it expires where neither TextDecoder nor atob exists (bare Hermes)', async () => {
    const removed = { TextDecoder: globalThis.TextDecoder, atob: globalThis.atob };
    // @ts-expect-error -- what Hermes without Expo's polyfills lacks
    delete globalThis.TextDecoder;
    // @ts-expect-error -- as above
    delete globalThis.atob;
    try {
      // 4 s tokens: the client renews half-way, 2 s before the mock would answer "expired".
      mock = await startMockBin(['--token-lifetime', '4']);
      const queryClient = newQueryClient();
      await render(<App url={mock.url} queryClient={queryClient} />);
      await screen.findByText(/^pentests: /, {}, { timeout: 15_000 });
      await waitFor(() => expect(mock.authCalls()).toBe(2), { timeout: 15_000 });
      await queryClient.refetchQueries();
      expect(mock.graphqlCalls()).toEqual([
        { status: 200, tag: 'us#1' },
        { status: 200, tag: 'us#2' },
      ]);
    } finally {
      Object.assign(globalThis, removed);
    }
  });
});

describe('the web-only options in React Native', () => {
  let mock: MockBin;
  afterEach(() => mock.stop());

  it('tabSync and authDevtools are no-ops where there is no BroadcastChannel and no Redux DevTools: the query gets its data with one /v1/auth', async () => {
    const { BroadcastChannel } = globalThis;
    Reflect.deleteProperty(globalThis, 'BroadcastChannel');
    try {
      mock = await startMockBin();
      await render(<App url={mock.url} queryClient={newQueryClient()} tabSync={tabSync('app')} devtools={authDevtools()} />);
      await screen.findByText(/^pentests: /, {}, { timeout: 15_000 });
      expect(mock.authCalls()).toBe(1);
    } finally {
      Object.assign(globalThis, { BroadcastChannel });
    }
  });
});
