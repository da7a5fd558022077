import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthConfigError, InvalidApiKeyError } from '../../src/index.js';
import { AuthStatus, PentestList } from '../support/components.js';
import { pentestNames } from '../support/documents.js';
import { startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';

describe('useGraphQLQuery', () => {
  it('renders typed data after one /v1/auth call, with the token in the Authorization header', async () => {
    const running = await startService({ regions: ['us'] });

    renderWithAuth(<PentestList pageSize={2} />, running);

    expect(await screen.findByTestId('pentests')).toHaveProperty('textContent', pentestNames('us', 2).join(', '));
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(1);
    expect(running.service.graphqlCalls[0]?.headers.authorization).toBe(`Bearer ${running.service.issuedTokens[0]!}`);
  });

  it('in StrictMode (around the provider), several queries mounting at once make exactly one /v1/auth call', async () => {
    const running = await startService();

    renderWithAuth(
      <>
        <PentestList pageSize={1} label="a" />
        <PentestList pageSize={2} label="b" />
        <PentestList pageSize={3} label="c" />
      </>,
      running,
      {},
      undefined,
      { strict: true },
    );

    await screen.findByTestId('a');
    await screen.findByTestId('b');
    await screen.findByTestId('c');
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('401 from /v1/auth: the query fails at once (no React Query retries), status "error", onAuthError once', async () => {
    const running = await startService();
    const onAuthError = vi.fn();

    const view = renderWithAuth(
      <>
        <PentestList />
        <AuthStatus />
      </>,
      running,
      { apiKey: 'not-a-valid-key', onAuthError },
    );

    expect((await screen.findByTestId('pentests-error')).textContent).toMatch(/^InvalidApiKeyError/);
    // The QueryClient allows 3 retries without delay; an invalid key must use none of them.
    expect(view.queryClient.getQueryCache().getAll()[0]?.state.fetchFailureCount).toBe(1);
    expect(screen.getByTestId('auth-status').textContent).toBe('error: InvalidApiKeyError');
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(0);
    expect(onAuthError).toHaveBeenCalledTimes(1);
    expect(onAuthError.mock.calls[0]?.[0]).toBeInstanceOf(InvalidApiKeyError);
  });

  it('a new API key after a 401 is a new identity: it authenticates and shows data', async () => {
    const running = await startService();
    const view = renderWithAuth(<PentestList />, running, { apiKey: 'not-a-valid-key' });
    await screen.findByTestId('pentests-error');

    view.rerenderWith({ apiKey: 'test-key' });

    await screen.findByTestId('pentests');
    expect(running.service.authCalls.map((call) => JSON.parse(call.body) as unknown)).toEqual([{ key: 'not-a-valid-key' }, { key: 'test-key' }]);
  });

  it('5xx from /v1/auth: React Query retries the query, and it succeeds when the server recovers', async () => {
    const running = await startService();
    running.service.queueAuthFailures(503, 502);

    renderWithAuth(<PentestList />, running);

    // Each retry waits out the client's backoff: at most 1 s, then at most 2 s.
    await screen.findByTestId('pentests');
    expect(running.service.authCalls.map((call) => call.status)).toEqual([503, 502, 200]);
    expect(running.service.graphqlCalls).toHaveLength(1);
  });

  it('unusable options (an unknown region) surface as AuthConfigError in the query, the state and onAuthError, with no request', async () => {
    const running = await startService();
    const onAuthError = vi.fn();

    renderWithAuth(
      <>
        <PentestList />
        <AuthStatus />
      </>,
      running,
      { region: 'nowhere', onAuthError },
    );

    expect((await screen.findByTestId('pentests-error')).textContent).toMatch(/^AuthConfigError: Unknown region "nowhere"/);
    expect(screen.getByTestId('auth-status').textContent).toBe('error: AuthConfigError');
    expect(onAuthError).toHaveBeenCalledTimes(1);
    expect(onAuthError.mock.calls[0]?.[0]).toBeInstanceOf(AuthConfigError);
    expect(running.service.authCalls).toHaveLength(0);
  });
});
