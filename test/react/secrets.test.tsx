import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequestError, useAuth } from '../../src/index.js';
import { AuthStatus, PentestList } from '../support/components.js';
import { API_KEY, clientFor, startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';
import { secretLeaks } from '../support/secret-leaks.js';

function SignOutButton() {
  const { signOut, refresh } = useAuth();
  return (
    <>
      <button type="button" onClick={signOut}>
        sign out
      </button>
      <button type="button" onClick={() => void refresh()}>
        sign in
      </button>
    </>
  );
}

describe('the API key travels only in the body of POST /v1/auth', () => {
  const consoleCalls: unknown[][] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    consoleCalls.length = 0;
  });

  it('never in a URL, a header, a GraphQL request, a console call, an error, a query key or cached data', async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push(args));
    }
    const running = await startService();
    // The first auth answer echoes the key in a 5xx body; React Query retries the query past it.
    running.service.queueAuthFailures({ status: 503, body: JSON.stringify({ message: `bad key ${API_KEY}` }) });
    const authErrors: unknown[] = [];
    const view = renderWithAuth(
      <>
        <PentestList />
        <AuthStatus />
        <SignOutButton />
      </>,
      running,
      { onAuthError: (error) => authErrors.push(error) },
    );
    await screen.findByTestId('pentests'); // the retry waits out the backoff, at most 1 s
    running.service.expireTokensNow();
    await view.queryClient.refetchQueries();
    fireEvent.click(screen.getByText('sign out'));
    await screen.findByTestId('pentests-error');
    fireEvent.click(screen.getByText('sign in'));
    await screen.findByTestId('pentests');

    const { authCalls, graphqlCalls } = running.service;
    expect(authCalls.map((call) => call.status)).toEqual([503, 200, 200, 200]);
    for (const call of authCalls) {
      expect(call.method).toBe('POST');
      expect(JSON.parse(call.body)).toEqual({ key: API_KEY });
    }
    expect(authErrors.map((error) => (error as Error).name)).toEqual(['AuthServerError']);
    expect(String(authErrors[0])).toContain('bad key [redacted]');
    expect(graphqlCalls.length).toBeGreaterThanOrEqual(3);
    const cachedErrors = view.queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.error);
    const leaks = secretLeaks(API_KEY, {
      requests: [...authCalls, ...graphqlCalls],
      consoleCalls,
      errors: [...authErrors, ...cachedErrors],
      queryClient: view.queryClient,
      other: [document.body.innerHTML],
    });
    expect(leaks).toEqual([]);
  });

  it('an auth server that echoes the key gets it redacted from the error message and toString()', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 400, body: JSON.stringify({ message: `key ${API_KEY} is malformed` }) });
    const client = clientFor(running);

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthRequestError);
    expect((error as Error).message).toContain('key [redacted] is malformed');
    expect(String(error)).not.toContain(API_KEY);
    expect(JSON.stringify(client.store.getState())).not.toContain(API_KEY);
  });

  it('a key echoed across the cut of a long server message leaves no piece of it behind', async () => {
    // Found by test/reliability/fuzz-auth-answers.test.ts: the message was cut first, then redacted.
    const running = await startService();
    const echo = `${'x'.repeat(295)}${API_KEY}${'y'.repeat(20)}`;
    running.service.queueAuthFailures({ status: 400, body: JSON.stringify({ message: echo }) });
    const client = clientFor(running);

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthRequestError);
    expect((error as Error).message).toContain('x'.repeat(295));
    expect((error as Error).message).not.toContain(API_KEY.slice(0, 5));
  });

  it('the leak check itself finds a planted key anywhere but the auth body, including a cause or a key fragment', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['graphql', { token: API_KEY }], { ok: true });
    const planted = secretLeaks(API_KEY, {
      requests: [
        { method: 'POST', url: 'http://127.0.0.1/v1/auth', headers: {}, body: JSON.stringify({ key: API_KEY }) },
        { method: 'POST', url: 'http://127.0.0.1/v1/graphql', headers: { 'x-key': API_KEY }, body: '{}' },
        { method: 'GET', url: `http://127.0.0.1/v1/auth?key=${API_KEY}`, headers: {}, body: '' },
      ],
      consoleCalls: [['token for', { nested: [API_KEY] }]],
      errors: [new Error('outer', { cause: new Error(`inner ${API_KEY}`) })],
      queryClient,
    });
    expect(planted).toEqual([
      'request 1 (POST http://127.0.0.1/v1/graphql) headers',
      `request 2 (GET http://127.0.0.1/v1/auth?key=${API_KEY}) URL`,
      'console call 0',
      'error 0',
      `query key ${JSON.stringify(['graphql', { token: API_KEY }])}`,
    ]);
    expect(secretLeaks(API_KEY, { other: [`…${API_KEY.slice(2, 7)}…`] }, { fragment: 5 })).toEqual(['other 0']);
  });
});
