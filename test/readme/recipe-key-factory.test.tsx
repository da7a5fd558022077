import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AuthClientProvider,
  GRAPHQL_INFINITE_QUERY_KEY_MARK,
  graphqlQueryKey,
  graphqlQueryOptions,
  graphqlScopeKey,
  useGraphQLInfiniteQuery,
} from '../../src/index.js';
import { runningOpId } from '../support/documents.js';
import { clientFor, startService } from '../support/fixtures.js';
import { PentestsDocument } from './documents.js';
import { PauseButton, pentestKeys, PentestNames, PentestState } from './recipe-key-factory.js';

/** An infinite list filed under the same factory level as the plain lists. */
function PentestPages() {
  const { data } = useGraphQLInfiniteQuery(PentestsDocument, {
    queryKeyPrefix: pentestKeys.lists(),
    initialPageParam: 1,
    variables: (page_num) => ({ page_num, page_size: 3 }),
    getNextPageParam: (last, pages) => (last.pentests_page.pentests.length === 3 ? pages.length + 1 : undefined),
  });
  return data ? <p data-testid="pages">{String(data.pages.length)}</p> : null;
}

describe('docs/recipes.md "Your own query keys (a key factory)"', () => {
  it("files the hooks' queries under the factory's levels, which invalidate exactly those; the identity's scope still covers them", async () => {
    const running = await startService();
    const client = clientFor(running);
    const queryClient = new QueryClient();
    const opId = runningOpId('us');
    render(
      <QueryClientProvider client={queryClient}>
        <AuthClientProvider client={client}>
          <PentestNames pageSize={1} />
          <PentestNames pageSize={2} />
          <PentestPages />
          <PentestState opId={opId} />
          <PauseButton opId={opId} />
        </AuthClientProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('running');
    await screen.findByTestId('pages');
    const sends = () => running.service.graphqlCalls.map((call) => call.operationName);
    await waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(sends()).toHaveLength(4);

    // The exact key: the scope, the factory's level, the operation (name and hash, never the text), the variables.
    const listKey = graphqlQueryOptions(client, PentestsDocument, { page_size: 2 }, { queryKeyPrefix: pentestKeys.lists() }).queryKey;
    expect(listKey).toEqual([...graphqlScopeKey(client.identity), 'pentests', 'list', expect.stringMatching(/^Pentests:[0-9a-z]+$/), { page_size: 2 }]);
    expect(queryClient.getQueryData(listKey)?.pentests_page.pentests).toHaveLength(2);

    const sendsAfter = async (queryKey: readonly unknown[]) => {
      const before = sends().length;
      await queryClient.invalidateQueries({ queryKey });
      return sends().slice(before).sort();
    };
    expect(await sendsAfter(graphqlScopeKey(client.identity, pentestKeys.lists()))).toEqual(['Pentests', 'Pentests', 'Pentests']);
    expect(await sendsAfter(['graphql', {}, ...pentestKeys.details()])).toEqual(['Pentest']);
    expect(await sendsAfter(graphqlScopeKey(client.identity, pentestKeys.all))).toEqual(['Pentest', 'Pentests', 'Pentests', 'Pentests']);
    expect(await sendsAfter(graphqlScopeKey(client.identity))).toEqual(['Pentest', 'Pentests', 'Pentests', 'Pentests']);
    // docs/api.md's "only infinite lists": the mark is last whatever the prefix.
    const infiniteOnly = (query: { queryKey: readonly unknown[] }) => query.queryKey.at(-1) === GRAPHQL_INFINITE_QUERY_KEY_MARK;
    const before = sends().length;
    await queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity), predicate: infiniteOnly });
    expect(sends().slice(before)).toEqual(['Pentests']);
    expect(queryClient.getQueryCache().findAll({ predicate: infiniteOnly })[0]?.queryKey.slice(2, 4)).toEqual(pentestKeys.lists());
    // The module-level operation filter names entries filed without a prefix: these are the factory's to name.
    expect(await sendsAfter(graphqlQueryKey(PentestsDocument))).toEqual([]);

    const beforeClick = sends().length;
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await screen.findByText('paused');
    await waitFor(() => {
      expect(queryClient.isFetching() === 0 && sends().length === beforeClick + 5).toBe(true);
    });
    expect(sends().slice(beforeClick).sort()).toEqual(['PauseOp', 'Pentest', 'Pentests', 'Pentests', 'Pentests']);
    expect(running.service.authCalls).toHaveLength(1);
  });
});
