import { type UseSuspenseQueryOptions, type UseSuspenseQueryResult, useSuspenseQuery } from '@tanstack/react-query';
import { NotPrefetchedError } from '../core/errors/index.js';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import type { VariablesArgs } from '../core/wire/variables.js';
import { useAuthContext } from './context.js';
import { buildGraphQLQueryOptions, type GraphQLQueryKeyOptions } from '../query/graphql-query-options.js';
import type { GraphQLQueryKey } from '../core/client/query-key.js';

export type GraphQLSuspenseQueryOptions<TData, TSelected = TData> = Omit<
  UseSuspenseQueryOptions<TData, Error, TSelected, GraphQLQueryKey>,
  'queryKey' | 'queryFn'
> &
  GraphQLQueryKeyOptions;

/**
 * Like useGraphQLQuery, but suspends until the data is there and throws errors to the boundary.
 * On a server it renders only prefetched data: without it, it throws NotPrefetchedError, so React
 * shows the Suspense fallback and loads the query in the browser, and the server asks for no token.
 */
export function useGraphQLSuspenseQuery<TData = unknown, TVariables extends Variables = Variables, TSelected = TData>(
  document: GraphQLDocument<TData, TVariables>,
  ...[variables, options]: VariablesArgs<TVariables, [options?: GraphQLSuspenseQueryOptions<TData, TSelected>]>
): UseSuspenseQueryResult<TSelected> {
  const auth = useAuthContext('useGraphQLSuspenseQuery');
  const queryOptions = buildGraphQLQueryOptions(auth, document, variables, options);
  if (typeof window === 'undefined' && auth.queryClient.getQueryData(queryOptions.queryKey) === undefined) {
    throw new NotPrefetchedError();
  }
  return useSuspenseQuery(queryOptions, auth.queryClient);
}
