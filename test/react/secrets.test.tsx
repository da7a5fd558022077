import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequestError, useAuth } from '../../src/index.js';
import { AuthStatus, ItemList } from '../support/components.js';
import { API_KEY, clientFor, startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';

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

  it('never in a URL, a header, a GraphQL request, a console call, a query key or cached data', async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push(args));
    }
    const running = await startService();
    const view = renderWithAuth(
      <>
        <ItemList />
        <AuthStatus />
        <SignOutButton />
      </>,
      running,
    );
    await screen.findByTestId('items');
    running.service.expireAllTokensNow();
    await view.queryClient.refetchQueries();
    fireEvent.click(screen.getByText('sign out'));
    await screen.findByTestId('items-error');
    fireEvent.click(screen.getByText('sign in'));
    await screen.findByTestId('items');

    const { authCalls, graphqlCalls } = running.service;
    expect(authCalls).toHaveLength(3);
    for (const call of authCalls) {
      expect(call.method).toBe('POST');
      expect(JSON.parse(call.body)).toEqual({ key: API_KEY });
      expect(call.url).not.toContain(API_KEY);
      expect(JSON.stringify(call.headers)).not.toContain(API_KEY);
    }
    expect(graphqlCalls.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(graphqlCalls)).not.toContain(API_KEY);
    expect(JSON.stringify(consoleCalls)).not.toContain(API_KEY);
    const cache = view.queryClient.getQueryCache().getAll().map((query) => [query.queryKey, query.state.data]);
    expect(JSON.stringify(cache)).not.toContain(API_KEY);
    expect(document.body.innerHTML).not.toContain(API_KEY);
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
});
