import type { DataTag, InfiniteData, QueryClient, QueryFunctionContext, UseInfiniteQueryOptions } from '@tanstack/react-query';
import { type GraphQLInfiniteQueryKey, graphqlInfiniteQueryKey } from '../core/client/query-key.js';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import type { AuthClient, RequestInit } from '../core/client/types.js';
import type { VariablesArgs } from '../core/wire/variables.js';
import { queryRetryOptions, type RetrySettings } from './retry.js';
import type { GraphQLQueryKeyOptions } from './graphql-query-options.js';

/**
 * How a page param becomes the operation's variables: a page number (`page_num`), an offset or a
 * cursor. Everything else the list depends on (search text, page size) goes in the variables too.
 */
export interface GraphQLPageVariables<TVariables, TPageParam> {
  variables: (pageParam: TPageParam) => TVariables;
}

/** React Query's options for an infinite query, minus what the hook owns, plus the page mapping and where the key is filed. */
export type GraphQLInfiniteQueryOptions<TData, TVariables, TPageParam, TSelected = InfiniteData<TData, TPageParam>> = Omit<
  UseInfiniteQueryOptions<TData, Error, TSelected, GraphQLInfiniteQueryKey, TPageParam>,
  'queryKey' | 'queryFn'
> &
  GraphQLPageVariables<TVariables, TPageParam> &
  GraphQLQueryKeyOptions;

interface GraphQLInfiniteQueryParts<TData, TPageParam> {
  queryKey: GraphQLInfiniteQueryKey;
  queryFn: (context: QueryFunctionContext<GraphQLInfiniteQueryKey, TPageParam>) => Promise<TData>;
  retry: (failureCount: number, error: Error) => boolean;
  retryDelay: (failureCount: number, error: Error) => number;
}

/**
 * The one place that turns a document and a page mapping into infinite-query options; both hooks and
 * graphqlInfiniteQueryOptions wrap it. The key is the first page's: its variables name the list.
 */
function graphqlInfiniteQueryParts<
  TData,
  TVariables extends Variables,
  TPageParam,
  TOptions extends { initialPageParam: TPageParam } & RetrySettings & GraphQLQueryKeyOptions,
>(
  client: AuthClient,
  defaults: RetrySettings | undefined,
  document: GraphQLDocument<TData, TVariables>,
  pageOptions: TOptions & GraphQLPageVariables<TVariables, TPageParam>,
): Omit<TOptions, 'variables' | 'queryKeyPrefix'> & GraphQLInfiniteQueryParts<TData, TPageParam> {
  // React Query is not told about `variables` nor the prefix: the query function and the key below are their only readers.
  const { variables, queryKeyPrefix, ...options } = pageOptions;
  return {
    ...options,
    queryKey: graphqlInfiniteQueryKey(client.identity, document, variables(pageOptions.initialPageParam), queryKeyPrefix),
    // Each page is its own request: a token expiring during fetchNextPage re-sends that page only.
    queryFn: (context: QueryFunctionContext<GraphQLInfiniteQueryKey, TPageParam>) => {
      // An infinite query's context always has a `pageParam`; TypeScript cannot tell for a generic one.
      const { pageParam, signal } = context as { pageParam: TPageParam; signal: AbortSignal };
      // The public signatures held `variables` to the document already; here TVariables is still open.
      return client.request(document, ...([variables(pageParam), { signal }] as VariablesArgs<TVariables, [init: RequestInit]>));
    },
    ...queryRetryOptions(document, pageOptions, defaults),
  };
}

/** For the hooks: the provider's client, and the QueryClient's `retry` and `retryDelay` when none is given. */
export function buildGraphQLInfiniteQueryOptions<
  TData,
  TVariables extends Variables,
  TPageParam,
  TOptions extends { initialPageParam: TPageParam } & RetrySettings & GraphQLQueryKeyOptions,
>(
  { client, queryClient }: { client: AuthClient; queryClient: QueryClient },
  document: GraphQLDocument<TData, TVariables>,
  options: TOptions & GraphQLPageVariables<TVariables, TPageParam>,
) {
  return graphqlInfiniteQueryParts(client, queryClient.getDefaultOptions().queries, document, options);
}

/** What graphqlInfiniteQueryOptions returns: a typed key, so `getQueryData(options.queryKey)` knows the pages. */
export type GraphQLInfiniteQueryOptionsResult<TData, TPageParam, TSelected = InfiniteData<TData, TPageParam>> = Omit<
  UseInfiniteQueryOptions<TData, Error, TSelected, GraphQLInfiniteQueryKey, TPageParam>,
  'queryKey' | 'queryFn'
> & {
  queryKey: DataTag<GraphQLInfiniteQueryKey, InfiniteData<TData, TPageParam>, Error>;
  queryFn: (context: QueryFunctionContext<GraphQLInfiniteQueryKey, TPageParam>) => Promise<TData>;
};

/**
 * React Query options for one paginated GraphQL query, with the key, query function and retry the
 * infinite hooks build: for `queryClient.prefetchInfiniteQuery`, `infiniteQuery`, `useInfiniteQuery`
 * or `useSuspenseInfiniteQuery`, outside components too. As with graphqlQueryOptions, pass the client
 * the components use; without a `retry` option it falls back to React Query's default.
 */
export function graphqlInfiniteQueryOptions<
  TData = unknown,
  TVariables extends Variables = Variables,
  TPageParam = unknown,
  TSelected = InfiniteData<TData, TPageParam>,
>(
  client: AuthClient,
  document: GraphQLDocument<TData, TVariables>,
  options: GraphQLInfiniteQueryOptions<TData, NoInfer<TVariables>, TPageParam, TSelected>,
): GraphQLInfiniteQueryOptionsResult<TData, TPageParam, TSelected> {
  // React Query's infiniteQueryOptions() only returns its argument; the cast is all it adds, and
  // calling it would make this entry import React Query at run time.
  return graphqlInfiniteQueryParts(client, undefined, document, options) as unknown as GraphQLInfiniteQueryOptionsResult<TData, TPageParam, TSelected>;
}
