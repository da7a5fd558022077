// Type tests for the infinite-query hooks and graphqlInfiniteQueryOptions (`npm run typecheck`).
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { parse } from 'graphql';
import { expectTypeOf } from 'vitest';
import {
  type AuthClient,
  type GraphQLInfiniteQueryKey,
  type GraphQLQueryKey,
  graphqlInfiniteQueryOptions,
  useGraphQLInfiniteQuery,
  useGraphQLSuspenseInfiniteQuery,
} from '../../src/index.js';

interface Pentest {
  op_id: string;
  name: string;
}
type PentestsPage = { pentests_page: { pentests: Pentest[] } };
interface PageInput {
  page_num?: number | null;
  page_size?: number | null;
  text_search?: string | null;
}

// Offset pages, as the pentest service pages (`page_num` from 1).
const PentestsPageDocument = parse(
  'query PentestsPage($page_input: PageInput) { pentests_page(page_input: $page_input) { pentests { op_id name } } }',
) as TypedDocumentNode<PentestsPage, { page_input?: PageInput | null }>;

// Cursor pages: a connection whose page param is the cursor to continue after (types only).
type EventsPage = { events: { nodes: { id: string }[]; end_cursor: string | null } };
const EventsDocument = parse(
  'query Events($after: String, $first: Int!) { events(after: $after, first: $first) { nodes { id } end_cursor } }',
) as TypedDocumentNode<EventsPage, { after: string | null; first: number }>;

const PAGE_SIZE = 10;
const nextPageNum = (last: PentestsPage, _all: PentestsPage[], lastPageNum: number) =>
  last.pentests_page.pentests.length < PAGE_SIZE ? undefined : lastPageNum + 1;

export function OffsetPages({ search }: { search: string }) {
  const query = useGraphQLInfiniteQuery(PentestsPageDocument, {
    initialPageParam: 1,
    variables: (pageNum) => {
      expectTypeOf(pageNum).toEqualTypeOf<number>();
      return { page_input: { page_num: pageNum, page_size: PAGE_SIZE, text_search: search } };
    },
    getNextPageParam: nextPageNum,
  });
  expectTypeOf(query.data).toEqualTypeOf<InfiniteData<PentestsPage, number> | undefined>();
  expectTypeOf(query.error).toEqualTypeOf<Error | null>();
  expectTypeOf(query.fetchNextPage).returns.resolves.toHaveProperty('data');

  useGraphQLInfiniteQuery(PentestsPageDocument, {
    initialPageParam: 1,
    // @ts-expect-error: page_num is an Int
    variables: (pageNum) => ({ page_input: { page_num: String(pageNum) } }),
    getNextPageParam: nextPageNum,
  });
  useGraphQLInfiniteQuery(PentestsPageDocument, {
    initialPageParam: 1,
    // @ts-expect-error: no such variable
    variables: (pageNum) => ({ page: pageNum }),
    getNextPageParam: nextPageNum,
  });
  const variables = (pageNum: number) => ({ page_input: { page_num: pageNum } });
  // @ts-expect-error: the next page param must be a page number, like initialPageParam and `variables`' argument
  useGraphQLInfiniteQuery(PentestsPageDocument, { initialPageParam: 1, variables, getNextPageParam: () => 'two' });
  // @ts-expect-error: the page mapping is required
  useGraphQLInfiniteQuery(PentestsPageDocument, { initialPageParam: 1, getNextPageParam: nextPageNum });
  return null;
}

export function CursorPages() {
  const query = useGraphQLInfiniteQuery(EventsDocument, {
    initialPageParam: null as string | null,
    variables: (after) => ({ after, first: 50 }),
    getNextPageParam: (last) => last.events.end_cursor,
  });
  expectTypeOf(query.data?.pageParams).toEqualTypeOf<(string | null)[] | undefined>();
  expectTypeOf(query.data?.pages).toEqualTypeOf<EventsPage[] | undefined>();

  useGraphQLInfiniteQuery(EventsDocument, {
    initialPageParam: null as string | null,
    // @ts-expect-error: `first` is required by the document
    variables: (after) => ({ after }),
    getNextPageParam: (last) => last.events.end_cursor,
  });
  return null;
}

export function SelectedPages() {
  const query = useGraphQLInfiniteQuery(PentestsPageDocument, {
    initialPageParam: 1,
    variables: (pageNum) => ({ page_input: { page_num: pageNum } }),
    getNextPageParam: nextPageNum,
    select: (data) => data.pages.flatMap((page) => page.pentests_page.pentests),
  });
  expectTypeOf(query.data).toEqualTypeOf<Pentest[] | undefined>();
  return null;
}

export function SuspensePages() {
  const { data, hasNextPage } = useGraphQLSuspenseInfiniteQuery(PentestsPageDocument, {
    initialPageParam: 1,
    variables: (pageNum) => ({ page_input: { page_num: pageNum } }),
    getNextPageParam: nextPageNum,
  });
  expectTypeOf(data).toEqualTypeOf<InfiniteData<PentestsPage, number>>();
  expectTypeOf(hasNextPage).toBeBoolean();

  useGraphQLSuspenseInfiniteQuery(PentestsPageDocument, {
    initialPageParam: 1,
    // @ts-expect-error: page_num is an Int
    variables: () => ({ page_input: { page_num: 'one' } }),
    getNextPageParam: nextPageNum,
  });
  return null;
}

export async function optionsInference(client: AuthClient, queryClient: QueryClient) {
  const options = graphqlInfiniteQueryOptions(client, PentestsPageDocument, {
    initialPageParam: 1,
    variables: (pageNum) => ({ page_input: { page_num: pageNum, text_search: 'web' } }),
    getNextPageParam: nextPageNum,
  });
  expectTypeOf(options.queryKey).toExtend<GraphQLInfiniteQueryKey>();
  // Never the key of a plain query: the two never share a cache entry.
  expectTypeOf(options.queryKey).not.toExtend<GraphQLQueryKey>();
  expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<InfiniteData<PentestsPage, number> | undefined>();
  expectTypeOf(await queryClient.infiniteQuery(options)).toEqualTypeOf<InfiniteData<PentestsPage, number>>();
  // prefetchInfiniteQuery, deprecated since `infiniteQuery()` came (5.102, our peer floor), still takes the options.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  await queryClient.prefetchInfiniteQuery(options);

  graphqlInfiniteQueryOptions(client, PentestsPageDocument, {
    initialPageParam: 1,
    // @ts-expect-error: text_search is a String
    variables: () => ({ page_input: { text_search: 3 } }),
    getNextPageParam: nextPageNum,
  });
}

export function OptionsInHooks({ client }: { client: AuthClient }) {
  const options = graphqlInfiniteQueryOptions(client, EventsDocument, {
    initialPageParam: null as string | null,
    variables: (after) => ({ after, first: 20 }),
    getNextPageParam: (last) => last.events.end_cursor,
  });
  expectTypeOf(useInfiniteQuery(options).data).toEqualTypeOf<InfiniteData<EventsPage, string | null> | undefined>();
  expectTypeOf(useSuspenseInfiniteQuery(options).data).toEqualTypeOf<InfiniteData<EventsPage, string | null>>();
  return null;
}
