import type { DataTag, QueryClient, QueryFunctionContext, UseQueryOptions } from '@tanstack/react-query';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import type { AuthClient, RequestInit } from '../core/client/types.js';
import type { VariablesArgs } from '../core/wire/variables.js';
import { type GraphQLQueryKey, type GraphQLQueryKeyPrefix, identityQueryKey } from '../core/client/query-key.js';
import { queryRetryOptions, type RetrySettings } from './retry.js';

/**
 * Where an app's own key factory files a query: `queryKeyPrefix: pentestKeys.lists()` keys it
 * `['graphql', scope, ...pentestKeys.lists(), operation, variables]`. The identity's scope stays first
 * (one tenant's entry is never another's, and sign-out resets them all), the operation and variables
 * last (two documents never share an entry), so the prefix only groups.
 */
export interface GraphQLQueryKeyOptions {
  queryKeyPrefix?: GraphQLQueryKeyPrefix;
}

/** React Query's options for a query, minus what the hook owns, plus where the key is filed. */
export type GraphQLQueryOptions<TData, TSelected = TData> = Omit<UseQueryOptions<TData, Error, TSelected, GraphQLQueryKey>, 'queryKey' | 'queryFn'> &
  GraphQLQueryKeyOptions;

/**
 * The one place that turns a document and variables into React Query options; the hooks and
 * graphqlQueryOptions are thin wrappers around it, so they always agree on the key.
 */
function graphqlQueryParts<TData, TVariables extends Variables, TOptions extends RetrySettings & GraphQLQueryKeyOptions>(
  client: AuthClient,
  defaults: RetrySettings | undefined,
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  options: TOptions | undefined,
): TOptions & {
  queryKey: GraphQLQueryKey;
  queryFn: (context: QueryFunctionContext<GraphQLQueryKey>) => Promise<TData>;
  retry: (failureCount: number, error: Error) => boolean;
  retryDelay: (failureCount: number, error: Error) => number;
} {
  return {
    // `queryKeyPrefix` goes to React Query too, which ignores it: leaving it out cost the minimal app bytes.
    ...(options ?? ({} as TOptions)),
    queryKey: identityQueryKey(client.identity, document, variables, options?.queryKeyPrefix),
    // Reading `signal` tells React Query the request can be aborted when nobody needs it any more.
    queryFn: ({ signal }: QueryFunctionContext<GraphQLQueryKey>) =>
      // The public signatures held `variables` to the document already; here TVariables is still open.
      client.request(document, ...([variables, { signal }] as VariablesArgs<TVariables, [init: RequestInit]>)),
    ...queryRetryOptions(document, options, defaults),
  };
}

/** For the hooks: the provider's client, and the QueryClient's `retry` and `retryDelay` when none is given. */
export function buildGraphQLQueryOptions<TData, TVariables extends Variables, TOptions extends RetrySettings & GraphQLQueryKeyOptions>(
  { client, queryClient }: { client: AuthClient; queryClient: QueryClient },
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  options: TOptions | undefined,
) {
  return graphqlQueryParts(client, queryClient.getDefaultOptions().queries, document, variables, options);
}

/** What graphqlQueryOptions returns: a typed key, so `getQueryData(options.queryKey)` knows `TData`. */
export type GraphQLQueryOptionsResult<TData, TSelected = TData> = Omit<UseQueryOptions<TData, Error, TSelected, GraphQLQueryKey>, 'queryKey' | 'queryFn'> & {
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
  ...[variables, options]: VariablesArgs<TVariables, [options?: GraphQLQueryOptions<TData, TSelected>]>
): GraphQLQueryOptionsResult<TData, TSelected> {
  // React Query's queryOptions() returns its argument as is and only tags the key's type, as this cast
  // does; not calling it keeps this entry (graphql-jwt-auth-react/query) free of React Query at run time.
  return graphqlQueryParts(client, undefined, document, variables, options) as GraphQLQueryOptionsResult<TData, TSelected>;
}
