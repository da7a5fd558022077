import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { type AuthClient, AuthClientProvider, graphqlQueryKey, graphqlQueryOptions, graphqlScopeKey, useAuthClient, useGraphQLQuery } from '../../src/index.js';
import { PentestList } from '../support/components.js';
import { AccountDocument, PentestsDocument, pentestNames } from '../support/documents.js';
import { clientFor, startService, waitUntil } from '../support/fixtures.js';

/** The app a router loader prefetches for: the loader's client, given to the hooks. */
function renderApp(client: AuthClient, queryClient: QueryClient, ui: ReactNode) {
  return render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthClientProvider client={client}>{ui}</AuthClientProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

function ViewerName() {
  const { data } = useGraphQLQuery(AccountDocument);
  return data ? <p data-testid="viewer">{data.session_user_account.name}</p> : null;
}

function Client({ onClient }: { onClient: (client: unknown) => void }) {
  onClient(useAuthClient());
  return null;
}

describe('graphqlQueryOptions and AuthClientProvider', () => {
  it("a loader's queryClient.query() fills the very cache entry the hook reads: one auth call, one send, no loading", async () => {
    const running = await startService();
    const client = clientFor(running);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });

    // What a router loader does before anything renders, as docs/recipes.md writes it.
    const options = graphqlQueryOptions(client, PentestsDocument, { page_size: 2 });
    const loaded = await queryClient.query({ ...options, staleTime: 'static' });
    expect(loaded.pentests_page.pentests.map((pentest) => pentest.name)).toEqual(pentestNames('us', 2));
    expect(queryClient.getQueryData(options.queryKey)).toBe(loaded);

    const seen: unknown[] = [];
    renderApp(
      client,
      queryClient,
      <>
        <Client onClient={(c) => seen.push(c)} />
        <PentestList pageSize={2} />
      </>,
    );

    expect(screen.getByTestId('pentests').textContent).toBe(pentestNames('us', 2).join(', '));
    expect(seen.every((c) => c === client)).toBe(true);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([options.queryKey]);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(1);
  });

  it("queryClient.query() with the same options reuses the hook's cache entry instead of sending again", async () => {
    const running = await startService();
    const client = clientFor(running);
    const queryClient = new QueryClient();
    renderApp(client, queryClient, <PentestList pageSize={3} />);
    await screen.findByTestId('pentests');

    const data = await queryClient.query({ ...graphqlQueryOptions(client, PentestsDocument, { page_size: 3 }), staleTime: 'static' });
    expect(data.pentests_page.pentests).toHaveLength(3);
    expect(running.service.graphqlCalls).toHaveLength(1);
  });

  it('each documented invalidation key refetches exactly the queries it names, with the token it already has', async () => {
    const running = await startService();
    const client = clientFor(running);
    const queryClient = new QueryClient();
    renderApp(
      client,
      queryClient,
      <>
        <PentestList pageSize={1} label="one" />
        <PentestList pageSize={2} label="two" />
        <ViewerName />
      </>,
    );
    await screen.findByTestId('viewer');
    await screen.findByTestId('two');
    await screen.findByTestId('one');
    const sends = () => running.service.graphqlCalls.map((call) => call.operationName);
    const sendsAfter = async (queryKey: readonly unknown[]) => {
      const before = sends().length;
      await queryClient.invalidateQueries({ queryKey });
      return sends().slice(before).sort();
    };

    expect(sends()).toHaveLength(3);
    expect(await sendsAfter(graphqlQueryOptions(client, PentestsDocument).queryKey.slice(0, 3))).toEqual(['Pentests', 'Pentests']);
    expect(await sendsAfter(graphqlQueryOptions(client, PentestsDocument, { page_size: 2 }).queryKey)).toEqual(['Pentests']);
    expect(await sendsAfter(graphqlScopeKey(client.identity))).toEqual(['Account', 'Pentests', 'Pentests']);
    expect(await sendsAfter(['graphql', { region: 'test' }])).toEqual(['Account', 'Pentests', 'Pentests']);
    expect(await sendsAfter(['graphql', { region: 'elsewhere' }])).toEqual([]);
    expect(await sendsAfter(['graphql'])).toEqual(['Account', 'Pentests', 'Pentests']);
    // Made at module level, without a client: every identity's entries of the operation, or those whose variables hold these.
    expect(await sendsAfter(graphqlQueryKey(PentestsDocument))).toEqual(['Pentests', 'Pentests']);
    expect(await sendsAfter(graphqlQueryKey(PentestsDocument, { page_size: 2 }))).toEqual(['Pentests']);
    expect(await sendsAfter(graphqlQueryKey(PentestsDocument, { page_size: 3 }))).toEqual([]);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('AuthClientProvider leaves the client it was given alive after unmount: its owner disposes it', async () => {
    const running = await startService({ tokenLifetimeSec: 3 });
    const client = clientFor(running);
    const view = render(
      <AuthClientProvider client={client}>
        <PentestList />
      </AuthClientProvider>,
    );
    await screen.findByTestId('pentests');
    view.unmount();

    // Background renewal is due 1–1.5 s after issue (half of a 2–3 s lifetime): it still happens.
    await waitUntil(() => running.service.authCalls.length === 2);
    expect(running.service.graphqlCalls).toHaveLength(1);
  });
});
