import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider, type AuthState, useAuth } from '../../src/index.js';
import { PentestList } from '../support/components.js';
import { pentestNames } from '../support/documents.js';
import { API_KEY, startService, waitUntil } from '../support/fixtures.js';
import { renderWithAuth, testQueryClient } from '../support/render.js';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';

function TokenProbe({ onState }: { onState: (state: AuthState) => void }) {
  onState(useAuth());
  return null;
}

describe('identity', () => {
  it('a region switch drops the old token, never sends it to the new region, and shows no old data', async () => {
    const us = await startService({ regions: ['us'] });
    const eu = await startService({ regions: ['eu'] });
    const regions = { us: us.baseUrl, eu: eu.baseUrl };
    const view = renderWithAuth(<PentestList pageSize={1} />, us, { region: 'us', regions });
    expect((await screen.findByTestId('pentests')).textContent).toBe(pentestNames('us', 1).join(', '));

    const release = eu.service.pauseGraphql();
    view.rerenderWith({ region: 'eu' });
    // While eu answers, the us data must not stand in for it.
    expect(await screen.findByTestId('pentests-loading')).toBeTruthy();
    expect(screen.queryByText(pentestNames('us', 1).join(', '))).toBeNull();
    release();

    expect((await screen.findByTestId('pentests')).textContent).toBe(pentestNames('eu', 1).join(', '));
    expect(eu.service.authCalls).toHaveLength(1);
    expect(eu.service.graphqlCalls.map((call) => call.token)).toEqual([eu.service.issuedTokens[0]]);
    expect(us.service.graphqlCalls.every((call) => us.service.issuedTokens.includes(call.token!))).toBe(true);
    expect(eu.service.graphqlCalls.some((call) => call.status === 401)).toBe(false);
  });

  it('a refresh still in flight for the old identity never writes its token', async () => {
    const us = await startService({ regions: ['us'] });
    const eu = await startService({ regions: ['eu'] });
    const regions = { us: us.baseUrl, eu: eu.baseUrl };
    let state: AuthState | undefined;
    const probe = <TokenProbe onState={(s) => (state = s)} />;
    const releaseUs = us.service.pauseAuth();
    const view = renderWithAuth(
      <>
        {probe}
        <PentestList pageSize={1} />
      </>,
      us,
      { region: 'us', regions },
    );
    await waitUntil(() => us.service.authCalls.length === 1);

    view.rerenderWith({ region: 'eu' });
    expect((await screen.findByTestId('pentests')).textContent).toBe(pentestNames('eu', 1).join(', '));
    const euToken = eu.service.issuedTokens[0];
    releaseUs();
    await waitUntil(() => us.service.authCalls[0]?.status === 200);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    expect(state?.token).toBe(euToken);
    expect(us.service.graphqlCalls).toHaveLength(0);
    expect(eu.service.graphqlCalls.map((call) => call.token)).toEqual([euToken]);
  });

  it('two providers on one page keep separate stores and tokens', async () => {
    const us = await startService({ regions: ['us'] });
    const eu = await startService({ regions: ['eu'] });
    const queryClient = testQueryClient();
    const states: Record<string, AuthState | undefined> = {};
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider apiKey={API_KEY} region="us" regions={{ us: us.baseUrl }}>
          <TokenProbe onState={(s) => (states.us = s)} />
          <PentestList pageSize={1} label="us" />
        </AuthProvider>
        <AuthProvider apiKey={API_KEY} region="eu" regions={{ eu: eu.baseUrl }}>
          <TokenProbe onState={(s) => (states.eu = s)} />
          <PentestList pageSize={1} label="eu" />
        </AuthProvider>
      </QueryClientProvider>,
    );

    expect((await screen.findByTestId('us')).textContent).toBe(pentestNames('us', 1).join(', '));
    expect((await screen.findByTestId('eu')).textContent).toBe(pentestNames('eu', 1).join(', '));
    expect(us.service.authCalls).toHaveLength(1);
    expect(eu.service.authCalls).toHaveLength(1);
    expect(states.us?.token).toBe(us.service.issuedTokens[0]);
    expect(states.eu?.token).toBe(eu.service.issuedTokens[0]);
  });

  it('the API key never appears in a query key, and neither does the token', async () => {
    const running = await startService();
    const view = renderWithAuth(<PentestList />, running);
    await screen.findByTestId('pentests');

    const keys = JSON.stringify(
      view.queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    );
    expect(keys).not.toContain(API_KEY);
    expect(keys).not.toContain(running.service.issuedTokens[0]);
    expect(keys).toContain('"region":"test"');
  });
});
