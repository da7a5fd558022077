import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PentestList } from '../support/components.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { memoryStorage } from '../support/memory-storage.js';
import { renderWithAuth } from '../support/render.js';
import { sessionPersistence } from '../../src/index.js';

const lastIssued = (tokens: readonly string[]) => tokens[tokens.length - 1];

/** The persist prop is the one of the render that made the client, never an earlier render's. */
describe('AuthProvider persist prop', () => {
  it('turned on (a "remember me" box): the next token is stored', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const view = renderWithAuth(<PentestList />, running);
    await screen.findByTestId('pentests');

    view.rerenderWith({ persist: sessionPersistence({ storage }) });
    await act(() => view.queryClient.refetchQueries());

    await waitFor(() => {
      expect(storage.items.get('graphql-jwt-auth')).toContain(lastIssued(running.service.issuedTokens));
    });
    expect(running.service.issuedTokens).toHaveLength(2);
  });

  it('persist={rememberMe && sessionPersistence()}: unchecked (false) renders and stores nothing; checked stores the next token', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const rememberMe = (checked: boolean) => checked && sessionPersistence({ storage });
    const view = renderWithAuth(<PentestList />, running, { persist: rememberMe(false) });
    await screen.findByTestId('pentests');
    expect(storage.items.size).toBe(0);

    view.rerenderWith({ persist: rememberMe(true) });
    await act(() => view.queryClient.refetchQueries());
    await waitFor(() => {
      expect(storage.items.get('graphql-jwt-auth')).toContain(lastIssued(running.service.issuedTokens));
    });
  });

  it('turned off: the next token is not stored', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const view = renderWithAuth(<PentestList />, running, { persist: sessionPersistence({ storage }) });
    await screen.findByTestId('pentests');
    const stored = running.service.issuedTokens[0]!;
    expect(storage.items.get('graphql-jwt-auth')).toContain(stored);

    view.rerenderWith({ persist: undefined });
    await act(() => view.queryClient.refetchQueries());

    await waitFor(() => {
      expect(running.service.graphqlCalls).toHaveLength(2);
    });
    const next = lastIssued(running.service.issuedTokens)!;
    expect(next).not.toBe(stored);
    expect(storage.items.get('graphql-jwt-auth')).not.toContain(next);
  });

  it("persist.key changed together with apiKey: the new user's token goes under the new key only", async () => {
    const running = await startService({ apiKeys: [API_KEY, 'second-key'] });
    const storage = memoryStorage();
    const view = renderWithAuth(<PentestList />, running, { persist: sessionPersistence({ storage, key: 'user-a' }) });
    await screen.findByTestId('pentests');
    const first = running.service.issuedTokens[0]!;

    view.rerenderWith({ apiKey: 'second-key', persist: sessionPersistence({ storage, key: 'user-b' }) });

    await waitFor(() => {
      expect(running.service.issuedTokens).toHaveLength(2);
      expect(storage.items.get('user-b')).toContain(running.service.issuedTokens[1]);
    });
    expect(storage.items.get('user-a')).toContain(first);
    expect(storage.items.get('user-a')).not.toContain(running.service.issuedTokens[1]);
  });
});
