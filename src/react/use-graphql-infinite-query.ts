import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import { useAuthContext } from './context.js';
import { buildGraphQLInfiniteQueryOptions, type GraphQLInfiniteQueryOptions } from '../query/graphql-infinite-query-options.js';

/**
 * Runs a paginated GraphQL query with the provider's token, one request per page: `variables` maps
 * each page param (a page number, a cursor) to the document's variables, typed by the document.
 */
export function useGraphQLInfiniteQuery<
  TData = unknown,
  TVariables extends Variables = Variables,
  TPageParam = unknown,
  TSelected = InfiniteData<TData, TPageParam>,
>(
  document: GraphQLDocument<TData, TVariables>,
  options: GraphQLInfiniteQueryOptions<TData, NoInfer<TVariables>, TPageParam, TSelected>,
): UseInfiniteQueryResult<TSelected> {
  const auth = useAuthContext('useGraphQLInfiniteQuery');
  return useInfiniteQuery(buildGraphQLInfiniteQueryOptions(auth, document, options), auth.queryClient);
}
