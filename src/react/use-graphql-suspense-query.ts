import { type UseSuspenseQueryOptions, type UseSuspenseQueryResult, useSuspenseQuery } from '@tanstack/react-query';
import type { GraphQLDocument, Variables } from '../core/transport.js';
import type { VariablesArgs } from '../core/variables.js';
import { useAuthContext } from './context.js';
import { buildGraphQLQueryOptions } from '../query/graphql-query-options.js';
import type { GraphQLQueryKey } from '../core/query-key.js';

export type GraphQLSuspenseQueryOptions<TData, TSelected = TData> = Omit<
  UseSuspenseQueryOptions<TData, Error, TSelected, GraphQLQueryKey>,
  'queryKey' | 'queryFn'
>;

/** Like useGraphQLQuery, but suspends until the data is there and throws errors to the boundary. */
export function useGraphQLSuspenseQuery<TData = unknown, TVariables extends Variables = Variables, TSelected = TData>(
  document: GraphQLDocument<TData, TVariables>,
  ...[variables, options]: VariablesArgs<TVariables, [options?: GraphQLSuspenseQueryOptions<TData, TSelected>]>
): UseSuspenseQueryResult<TSelected> {
  const auth = useAuthContext('useGraphQLSuspenseQuery');
  return useSuspenseQuery(buildGraphQLQueryOptions(auth, document, variables, options), auth.queryClient);
}
