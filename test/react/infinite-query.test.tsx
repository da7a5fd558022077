import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type AuthClient,
  GRAPHQL_INFINITE_QUERY_KEY_MARK,
  graphqlScopeKey,
  useAuthClient,
  useGraphQLInfiniteQuery,
  useGraphQLQuery,
  useGraphQLSuspenseInfiniteQuery,
} from '../../src/index.js';
import { clientFor, type Running, startService, waitUntil } from '../support/fixtures.js';
import type { GraphQLCall } from '../support/mock-service.js';
import { observeGraphqlSignals } from '../support/observed-signals.js';
import { type PentestsPage, PentestsPageDocument } from '../support/documents.js';
import { renderWithAuth } from '../support/render.js';

// The service has 67 pentests per region: pages of 20, 20, 20 and 7.
const PAGE_SIZE = 20;

const pageVariables =
  (search: string, pageSize = PAGE_SIZE) =>
  (pageNum: number) => ({ page_input: { page_num: pageNum, page_size: pageSize, text_search: search } });
const nextPageNum = (last: PentestsPage, _all: PentestsPage[], lastPageNum: number) =>
  last.pentests_page.pentests.length < PAGE_SIZE ? undefined : lastPageNum + 1;

interface PentestListProps {
  search?: string;
  pageSize?: number;
  onClient?: (client: AuthClient) => void;
}

function PentestList({ search = '', pageSize = PAGE_SIZE, onClient }: PentestListProps) {
  const client = useAuthClient();
  onClient?.(client);
  const list = useGraphQLInfiniteQuery(PentestsPageDocument, {
    initialPageParam: 1,
    variables: pageVariables(search, pageSize),
    getNextPageParam: nextPageNum,
  });
  if (list.error) return <p data-testid="error">{`${list.error.name}: ${list.error.message}`}</p>;
  if (list.isPending) return <p data-testid="loading">loading</p>;
  const rows = list.data.pages.flatMap((page) => page.pentests_page.pentests);
  return (
    <>
      <p data-testid="rows">{rows.map((row) => row.op_id).join(',')}</p>
      <p data-testid="pages">{list.data.pageParams.join(',')}</p>
      {list.isFetchingNextPage && <p data-testid="fetching-next">more on the way</p>}
      {list.hasNextPage && (
        <button type="button" onClick={() => void list.fetchNextPage()}>
          more
        </button>
      )}
    </>
  );
}

/** The page numbers the service was sent, in order, with how each send was answered. */
function pageSends(calls: readonly GraphQLCall[]) {
  return calls
    .filter((call) => call.operationName === 'PentestsPage')
    .map((call) => {
      const { variables } = JSON.parse(call.body) as { variables: { page_input: { page_num: number } } };
      return { page: variables.page_input.page_num, expired: call.expired, status: call.status };
    });
}

const ok = (page: number) => ({ page, expired: false, status: 200 });

/** Every op_id the service has for a search, in its order, asked for in one page of 100. */
async function allOpIds(running: Running, search = ''): Promise<string[]> {
  const client = clientFor(running);
  const data = await client.request(PentestsPageDocument, { page_input: { page_size: 100, text_search: search } });
  return data.pentests_page.pentests.map((row) => row.op_id);
}

const rowCount = () => screen.getByTestId('rows').textContent.split(',').length;

async function loadNextPage(pageCount: number) {
  fireEvent.click(screen.getByText('more'));
  await waitFor(() => {
    expect(screen.getByTestId('pages').textContent.split(',')).toHaveLength(pageCount);
  });
}

describe('useGraphQLInfiniteQuery', () => {
  it('loads one page per request and concatenates them in order until a part-filled page ends the list', async () => {
    const running = await startService();
    const expected = await allOpIds(running);
    running.service.resetCounters();
    renderWithAuth(<PentestList />, running);
    await screen.findByTestId('rows');

    for (const pageCount of [2, 3, 4]) await loadNextPage(pageCount);

    expect(expected).toHaveLength(67);
    expect(screen.getByTestId('rows').textContent.split(',')).toEqual(expected);
    expect(screen.getByTestId('pages').textContent).toBe('1,2,3,4');
    expect(screen.queryByText('more')).toBeNull();
    expect(running.service.authCalls).toHaveLength(1);
    expect(pageSends(running.service.graphqlCalls)).toEqual([ok(1), ok(2), ok(3), ok(4)]);
  });

  it("a new search text is a new list with its own cache entry; the old list's pages stay cached", async () => {
    const running = await startService();
    const runningOnes = await allOpIds(running, 'running');
    running.service.resetCounters();
    const view = renderWithAuth(<PentestList search="" />, running);
    await screen.findByTestId('rows');
    await loadNextPage(2);

    view.rerenderWith({}, <PentestList search="running" />);

    await waitFor(() => {
      expect(screen.getByTestId('rows').textContent.split(',')).toEqual(runningOnes);
    });
    const keys = view.queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key[4]).toBe(GRAPHQL_INFINITE_QUERY_KEY_MARK);
    expect(keys.map((key) => key[3])).toEqual([pageVariables('')(1), pageVariables('running')(1)]);
    const [allPentests] = view.queryClient.getQueryCache().getAll();
    expect((allPentests?.state.data as { pages: unknown[] }).pages).toHaveLength(2);
    // Page 1 and 2 of the first list, page 1 of the second: the search never reused the first list's pages.
    expect(pageSends(running.service.graphqlCalls).map((send) => send.page)).toEqual([1, 2, 1]);
  });

  it('never shares a cache entry with a plain query of the same variables, yet invalidating the identity scope refetches both', async () => {
    const running = await startService();
    let client: AuthClient | undefined;
    function PlainFirstPage() {
      const { data } = useGraphQLQuery(PentestsPageDocument, pageVariables('')(1));
      return <p data-testid="plain">{data?.pentests_page.pentests.length ?? 'loading'}</p>;
    }
    const view = renderWithAuth(
      <>
        <PentestList onClient={(c) => (client = c)} />
        <PlainFirstPage />
      </>,
      running,
    );
    await screen.findByTestId('rows');
    await waitFor(() => {
      expect(screen.getByTestId('plain').textContent).toBe(String(PAGE_SIZE));
    });
    await loadNextPage(2);
    expect(view.queryClient.getQueryCache().getAll()).toHaveLength(2);
    running.service.resetCounters();

    await view.queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client!.identity) });

    // The infinite list refetches both its pages, the plain query its one.
    expect(
      pageSends(running.service.graphqlCalls)
        .map((send) => send.page)
        .sort(),
    ).toEqual([1, 1, 2]);
    expect(rowCount()).toBe(2 * PAGE_SIZE);
  });

  it("fetchNextPage's request is aborted through React Query's signal; the loaded pages stay, and the page loads on the next try", async () => {
    const running = await startService();
    const { fetch: observingFetch, signals: graphqlSignals } = observeGraphqlSignals();
    const view = renderWithAuth(<PentestList />, running, { fetch: observingFetch });
    await screen.findByTestId('rows');
    const release = running.service.pauseGraphql();
    fireEvent.click(screen.getByText('more'));
    await waitUntil(() => running.service.graphqlCalls.length === 2);
    expect(graphqlSignals.map((signal) => signal.aborted)).toEqual([false, false]);

    await view.queryClient.cancelQueries({ queryKey: ['graphql'] });

    await waitUntil(() => graphqlSignals[1]?.aborted === true);
    expect(graphqlSignals[0]?.aborted).toBe(false);
    await waitFor(() => {
      expect(screen.queryByTestId('fetching-next')).toBeNull();
    });
    expect(screen.getByTestId('pages').textContent).toBe('1');
    release();
    await loadNextPage(2);
    expect(rowCount()).toBe(2 * PAGE_SIZE);
    expect(pageSends(running.service.graphqlCalls).map((send) => send.page)).toEqual([1, 2, 2]);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('unmounting during fetchNextPage aborts that page’s request', async () => {
    const running = await startService();
    const { fetch: observingFetch, signals: graphqlSignals } = observeGraphqlSignals();
    const view = renderWithAuth(<PentestList />, running, { fetch: observingFetch });
    await screen.findByTestId('rows');
    running.service.pauseGraphql();
    fireEvent.click(screen.getByText('more'));
    await waitUntil(() => running.service.graphqlCalls.length === 2);

    view.unmount();

    await waitUntil(() => graphqlSignals.at(-1)?.aborted === true);
    expect(pageSends(running.service.graphqlCalls).map((send) => send.page)).toEqual([1, 2]);
  });

  it('a token expiring while fetchNextPage is in flight: one /v1/auth call, and only that page is sent again', async () => {
    const running = await startService();
    renderWithAuth(<PentestList />, running);
    await screen.findByTestId('rows');
    await loadNextPage(2);
    const firstToken = running.service.issuedTokens[0];
    // Page 3 reaches the service with a valid token; the token expires before the service answers.
    const release = running.service.pauseGraphql();
    fireEvent.click(screen.getByText('more'));
    await waitUntil(() => running.service.graphqlCalls.length === 3);
    running.service.expireTokensNow();
    release();

    await waitFor(() => {
      expect(screen.getByTestId('pages').textContent).toBe('1,2,3');
    });
    expect(rowCount()).toBe(3 * PAGE_SIZE);
    expect(screen.queryByTestId('error')).toBeNull();
    expect(running.service.authCalls).toHaveLength(2);
    expect(pageSends(running.service.graphqlCalls)).toEqual([ok(1), ok(2), { page: 3, expired: true, status: 401 }, ok(3)]);
    const tokens = running.service.graphqlCalls.map((call) => call.token);
    expect(tokens).toEqual([firstToken, firstToken, firstToken, running.service.issuedTokens[1]]);
  });

  it('two lists meeting the expired token in fetchNextPage at once share one /v1/auth call; each re-sends its own page once', async () => {
    const running = await startService();
    renderWithAuth(
      <>
        <section data-testid="all">
          <PentestList />
        </section>
        <section data-testid="done">
          <PentestList search="done" />
        </section>
      </>,
      running,
    );
    await waitFor(() => {
      expect(screen.getAllByTestId('rows')).toHaveLength(2);
    });
    const release = running.service.pauseGraphql();
    for (const button of screen.getAllByText('more')) fireEvent.click(button);
    await waitUntil(() => running.service.graphqlCalls.length === 4);
    running.service.expireTokensNow();
    release();

    await waitFor(() => {
      expect(screen.getAllByTestId('pages').map((pages) => pages.textContent)).toEqual(['1,2', '1,2']);
    });
    expect(running.service.authCalls).toHaveLength(2);
    const searchOf = (call: GraphQLCall) => (JSON.parse(call.body) as { variables: { page_input: { text_search: string } } }).variables.page_input.text_search;
    const resent = running.service.graphqlCalls.slice(2);
    expect(resent.map((call) => `${searchOf(call)}:${call.expired ? 'expired' : call.status}`).sort()).toEqual([
      ':200',
      ':expired',
      'done:200',
      'done:expired',
    ]);
    expect(pageSends(resent).map((send) => send.page)).toEqual([2, 2, 2, 2]);
  });

  it('a GraphQL error in a page fails at once: the retry policy of queries, no retry', async () => {
    const running = await startService();
    // page_size above the service's limit of 1000 is a GraphQL error in a 200 answer.
    renderWithAuth(<PentestList pageSize={1001} />, running);

    expect((await screen.findByTestId('error')).textContent).toContain('page_size may be at most 1000');
    expect(pageSends(running.service.graphqlCalls)).toEqual([ok(1)]);
  });

  it('a transient failure of one page (503) is retried for that page only, as queries retry', async () => {
    const running = await startService();
    renderWithAuth(<PentestList />, running);
    await screen.findByTestId('rows');
    running.service.queueGraphqlFailures(503);

    await loadNextPage(2);

    expect(pageSends(running.service.graphqlCalls)).toEqual([ok(1), { page: 2, expired: false, status: 503 }, ok(2)]);
    expect(running.service.authCalls).toHaveLength(1);
  });
});

function SuspensePentests() {
  const { data, fetchNextPage, isFetchingNextPage } = useGraphQLSuspenseInfiniteQuery(PentestsPageDocument, {
    // Never stale here: on a loaded machine the first page can be over a second old (a suspense
    // query's least staleTime) when React 18 subscribes the hook, in a passive effect after the rows
    // are on screen. The hook would then refetch on mount, and a click before that subscription
    // would not show its page fetching (the observer's result is stale until the query changes).
    staleTime: Infinity,
    initialPageParam: 1,
    variables: pageVariables(''),
    getNextPageParam: nextPageNum,
  });
  return (
    <>
      <p data-testid="suspense-rows">{data.pages.flatMap((page) => page.pentests_page.pentests).length}</p>
      {isFetchingNextPage && <p data-testid="fetching-next">more on the way</p>}
      <button type="button" onClick={() => void fetchNextPage()}>
        more
      </button>
    </>
  );
}

describe('useGraphQLSuspenseInfiniteQuery', () => {
  it('suspends until the token and the first page are there; the next page arrives without suspending again', async () => {
    const running = await startService();
    const release = running.service.pauseAuth();
    renderWithAuth(
      <Suspense fallback={<p data-testid="fallback">loading</p>}>
        <SuspensePentests />
      </Suspense>,
      running,
    );
    expect(screen.getByTestId('fallback')).toBeTruthy();
    release();
    expect((await screen.findByTestId('suspense-rows')).textContent).toBe(String(PAGE_SIZE));

    const releaseGraphql = running.service.pauseGraphql();
    fireEvent.click(screen.getByText('more'));
    await screen.findByTestId('fetching-next');
    expect(screen.queryByTestId('fallback')).toBeNull();
    releaseGraphql();

    await waitFor(() => {
      expect(screen.getByTestId('suspense-rows').textContent).toBe(String(2 * PAGE_SIZE));
    });
    expect(running.service.authCalls).toHaveLength(1);
    expect(pageSends(running.service.graphqlCalls)).toEqual([ok(1), ok(2)]);
  });
});
