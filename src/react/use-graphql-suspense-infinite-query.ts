import { type InfiniteData, type UseSuspenseInfiniteQueryOptions, type UseSuspenseInfiniteQueryResult, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import { useAuthContext } from './context.js';
import { buildGraphQLInfiniteQueryOptions, type GraphQLPageVariables } from '../query/graphql-infinite-query-options.js';
import type { GraphQLInfiniteQueryKey } from '../core/client/query-key.js';
import type { GraphQLQueryKeyOptions } from '../query/graphql-query-options.js';

export type GraphQLSuspenseInfiniteQueryOptions<TData, TVariables, TPageParam, TSelected = InfiniteData<TData, TPageParam>> = Omit<
  UseSuspenseInfiniteQueryOptions<TData, Error, TSelected, GraphQLInfiniteQueryKey, TPageParam>,
  'queryKey' | 'queryFn'
> &
  GraphQLPageVariables<TVariables, TPageParam> &
  GraphQLQueryKeyOptions;

/** Like useGraphQLInfiniteQuery, but suspends until the first page is there and throws errors to the boundary. */
export function useGraphQLSuspenseInfiniteQuery<
  TData = unknown,
  TVariables extends Variables = Variables,
  TPageParam = unknown,
  TSelected = InfiniteData<TData, TPageParam>,
>(
  document: GraphQLDocument<TData, TVariables>,
  options: GraphQLSuspenseInfiniteQueryOptions<TData, NoInfer<TVariables>, TPageParam, TSelected>,
): UseSuspenseInfiniteQueryResult<TSelected> {
  const auth = useAuthContext('useGraphQLSuspenseInfiniteQuery');
  return useSuspenseInfiniteQuery(buildGraphQLInfiniteQueryOptions(auth, document, options), auth.queryClient);
}
