import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AuthClient, authDevtools, autoRegion, sessionPersistence, tabSync, useAuthClient } from '../../src/index.js';
import { PentestList } from '../support/components.js';
import { startService } from '../support/fixtures.js';
import { memoryStorage } from '../support/memory-storage.js';
import { renderWithAuth } from '../support/render.js';

/** Records every client the provider hands its children. */
function ClientProbe({ seen }: { seen: Set<AuthClient> }) {
  seen.add(useAuthClient());
  return <PentestList />;
}

describe('opt-in options written inline in AuthProvider props', () => {
  it('a new render with fresh factory values of the same settings keeps the client: no second /v1/auth call', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const inline = () => ({
      region: autoRegion(),
      regions: { test: running.baseUrl },
      tabSync: tabSync('inline-options'),
      persist: sessionPersistence({ storage, key: 'inline' }),
      devtools: authDevtools(),
    });
    const seen = new Set<AuthClient>();
    const view = renderWithAuth(<ClientProbe seen={seen} />, running, inline());
    await screen.findByTestId('pentests');

    for (let render = 0; render < 3; render += 1) view.rerenderWith(inline());
    await act(() => view.queryClient.refetchQueries());

    expect(seen.size).toBe(1);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual([running.service.issuedTokens[0], running.service.issuedTokens[0]]);
  });

  it('a different setting (another tab channel) is another client, which asks again', async () => {
    const running = await startService();
    const view = renderWithAuth(<PentestList />, running, { tabSync: tabSync('first-channel') });
    await screen.findByTestId('pentests');

    view.rerenderWith({ tabSync: tabSync('second-channel') });
    // The query key names the key and region only: the new client shows itself on the next fetch.
    await act(() => view.queryClient.refetchQueries());

    expect(running.service.authCalls).toHaveLength(2);
  });
});
