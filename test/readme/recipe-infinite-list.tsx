import type { QueryClient } from '@tanstack/react-query';
import { parse } from 'graphql';
import {
  type AuthClient,
  graphqlInfiniteQueryOptions,
  type TypedDocumentNode,
  useGraphQLInfiniteQuery,
} from 'graphql-jwt-auth-react';

type PentestsPage = { pentests_page: { pentests: { op_id: string; name: string; state: string }[] } };
type PageInput = { page_num?: number; page_size?: number; text_search?: string };

const PentestsPageDocument: TypedDocumentNode<PentestsPage, { page_input?: PageInput }> = parse(
  'query PentestsPage($page_input: PageInput) { pentests_page(page_input: $page_input) { pentests { op_id name state } } }',
);

const PAGE_SIZE = 20;

// Offset pages: the page param is page_num (from 1); a short page is the last one.
const pentestPages = (search: string) => ({
  initialPageParam: 1,
  variables: (pageNum: number) => ({ page_input: { page_num: pageNum, page_size: PAGE_SIZE, text_search: search } }),
  getNextPageParam: (lastPage: PentestsPage, _pages: PentestsPage[], lastPageNum: number) =>
    lastPage.pentests_page.pentests.length < PAGE_SIZE ? undefined : lastPageNum + 1,
});

export function Pentests({ search }: { search: string }) {
  // Each search is its own list (the first page's variables are in the key).
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage } = useGraphQLInfiniteQuery(
    PentestsPageDocument,
    pentestPages(search),
  );
  if (error) return <p>{error.message}</p>;
  return (
    <>
      <ul>
        {data?.pages
          .flatMap((page) => page.pentests_page.pentests)
          .map((pentest) => <li key={pentest.op_id}>{`${pentest.name} (${pentest.state})`}</li>)}
      </ul>
      {hasNextPage && (
        <button disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          Load more
        </button>
      )}
    </>
  );
}

// The same list in a router loader, fetched before the route renders: the component finds it cached.
export const prefetchPentests = (client: AuthClient, queryClient: QueryClient) =>
  queryClient.infiniteQuery(graphqlInfiniteQueryOptions(client, PentestsPageDocument, pentestPages('')));

// Cursor pages: the page param is the cursor to continue after, null for the first page.
type EventsPage = { events: { nodes: { id: string }[]; end_cursor: string | null } };
const EventsDocument: TypedDocumentNode<EventsPage, { after: string | null; first: number }> = parse(
  'query Events($after: String, $first: Int!) { events(after: $after, first: $first) { nodes { id } end_cursor } }',
);

export function useEvents() {
  return useGraphQLInfiniteQuery(EventsDocument, {
    initialPageParam: null as string | null,
    variables: (after) => ({ after, first: 50 }),
    getNextPageParam: (lastPage) => lastPage.events.end_cursor, // null: no more pages
  });
}
