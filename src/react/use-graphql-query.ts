import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import type { VariablesArgs } from '../core/wire/variables.js';
import { useAuthContext } from './context.js';
import { buildGraphQLQueryOptions, type GraphQLQueryOptions } from '../query/graphql-query-options.js';

/**
 * Runs a GraphQL query with the provider's token. Data and variables are typed by a
 * TypedDocumentNode (variables required when it declares a required one); the token never enters the query key, so a renewal refetches nothing.
 */
export function useGraphQLQuery<TData = unknown, TVariables extends Variables = Variables, TSelected = TData>(
  document: GraphQLDocument<TData, TVariables>,
  ...[variables, options]: VariablesArgs<TVariables, [options?: GraphQLQueryOptions<TData, TSelected>]>
): UseQueryResult<TSelected> {
  const auth = useAuthContext('useGraphQLQuery');
  return useQuery(buildGraphQLQueryOptions(auth, document, variables, options), auth.queryClient);
}
