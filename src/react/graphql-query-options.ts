import { type DataTag, type QueryFunctionContext, queryOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { GraphQLDocument, Variables } from '../core/transport.js';
import type { AuthClient } from '../core/types.js';
import type { AuthContextValue } from './context.js';
import { type GraphQLQueryKey, graphqlQueryKey } from './query-key.js';
import { queryRetry } from './retry.js';

/** React Query's options for a query, minus what the hook owns. */
export type GraphQLQueryOptions<TData, TSelected = TData> = Omit<
  UseQueryOptions<TData, Error, TSelected, GraphQLQueryKey>,
  'queryKey' | 'queryFn'
>;

/**
 * The one place that turns a document and variables into React Query options; the hooks and
 * graphqlQueryOptions are thin wrappers around it, so they always agree on the key.
 */
function graphqlQueryParts<TData, TVariables extends Variables, TOptions extends { retry?: unknown }>(
  client: AuthClient,
  defaultRetry: unknown,
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  options: TOptions | undefined,
): TOptions & {
  queryKey: GraphQLQueryKey;
  queryFn: (context: QueryFunctionContext<GraphQLQueryKey>) => Promise<TData>;
  retry: (failureCount: number, error: Error) => boolean;
} {
  return {
    ...(options ?? ({} as TOptions)),
    queryKey: graphqlQueryKey(client.identity, document, variables),
    // Reading `signal` tells React Query the request can be aborted when nobody needs it any more.
    queryFn: ({ signal }: QueryFunctionContext<GraphQLQueryKey>) => client.request(document, variables, { signal }),
    retry: queryRetry(options?.retry ?? defaultRetry),
  };
}

/** For the hooks: the provider's client, and the QueryClient's default `retry` when none is given. */
export function buildGraphQLQueryOptions<TData, TVariables extends Variables, TOptions extends { retry?: unknown }>(
  { client, queryClient }: AuthContextValue,
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  options: TOptions | undefined,
) {
  return graphqlQueryParts(client, queryClient.getDefaultOptions().queries?.retry, document, variables, options);
}

/** What graphqlQueryOptions returns: a typed key, so `getQueryData(options.queryKey)` knows `TData`. */
export type GraphQLQueryOptionsResult<TData, TSelected = TData> = GraphQLQueryOptions<TData, TSelected> & {
  queryKey: DataTag<GraphQLQueryKey, TData, Error>;
  queryFn: (context: QueryFunctionContext<GraphQLQueryKey>) => Promise<TData>;
};

/**
 * React Query options for one GraphQL query, with the very key and query function the hooks use:
 * for `queryClient.ensureQueryData`, `prefetchQuery`, `fetchQuery`, `useQuery`, `useQueries` or
 * `useSuspenseQuery`, outside components too (router loaders). Pass the client the components use
 * (`AuthClientProvider`), so the cache entry is theirs. `retry` works as in the hooks, except that
 * without a `retry` option it falls back to React Query's default, not the QueryClient's.
 */
export function graphqlQueryOptions<TData = unknown, TVariables extends Variables = Variables, TSelected = TData>(
  client: AuthClient,
  document: GraphQLDocument<TData, TVariables>,
  variables?: NoInfer<TVariables>,
  options?: GraphQLQueryOptions<TData, TSelected>,
): GraphQLQueryOptionsResult<TData, TSelected> {
  return queryOptions(graphqlQueryParts(client, undefined, document, variables, options)) as GraphQLQueryOptionsResult<
    TData,
    TSelected
  >;
}
