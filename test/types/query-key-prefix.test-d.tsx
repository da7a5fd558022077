// Type tests for `queryKeyPrefix`, a key factory's level for the hooks' queries (docs/choices.md), checked by `npm run typecheck`.
import { type InfiniteData, type QueryClient, useQuery } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import {
  type AuthClient,
  type GraphQLInfiniteQueryKey,
  graphqlInfiniteQueryOptions,
  type GraphQLQueryKey,
  type GraphQLQueryKeyOptions,
  type GraphQLQueryKeyPrefix,
  type GraphQLQueryScope,
  graphqlQueryOptions,
  graphqlScopeKey,
  useGraphQLInfiniteQuery,
  useGraphQLQuery,
  useGraphQLSuspenseInfiniteQuery,
  useGraphQLSuspenseQuery,
} from '../../src/index.js';
import { type PentestRow, type PentestsPage, PentestsDocument, PentestsPageDocument } from '../support/documents.js';

const pentestKeys = {
  all: ['pentests'] as const,
  lists: () => [...pentestKeys.all, 'list'] as const,
  list: (search: string) => [...pentestKeys.lists(), { search }] as const,
};

export function Hooks() {
  const plain = useGraphQLQuery(PentestsDocument, { page_size: 2 }, { queryKeyPrefix: pentestKeys.lists(), staleTime: 1000 });
  expectTypeOf(plain.data).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } } | undefined>();
  useGraphQLSuspenseQuery(PentestsDocument, { page_size: 2 }, { queryKeyPrefix: pentestKeys.list('a') });
  const pages = useGraphQLInfiniteQuery(PentestsPageDocument, {
    queryKeyPrefix: pentestKeys.lists(),
    initialPageParam: 1,
    variables: (page_num: number) => ({ page_input: { page_num } }),
    getNextPageParam: (_last, all) => all.length + 1,
  });
  expectTypeOf(pages.data).toEqualTypeOf<InfiniteData<PentestsPage, number> | undefined>();
  useGraphQLSuspenseInfiniteQuery(PentestsPageDocument, {
    queryKeyPrefix: pentestKeys.all,
    initialPageParam: 1,
    variables: (page_num: number) => ({ page_input: { page_num } }),
    getNextPageParam: (_last, all) => all.length + 1,
  });
  // @ts-expect-error: a prefix is an array, as a query key is
  useGraphQLQuery(PentestsDocument, {}, { queryKeyPrefix: 'pentests' });
  // @ts-expect-error: the hooks own the key itself
  useGraphQLQuery(PentestsDocument, {}, { queryKey: pentestKeys.lists() });
  return null;
}

export function Options(client: AuthClient, queryClient: QueryClient) {
  const options = graphqlQueryOptions(client, PentestsDocument, { page_size: 2 }, { queryKeyPrefix: pentestKeys.lists() });
  expectTypeOf(options.queryKey).toExtend<GraphQLQueryKey>();
  expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } } | undefined>();
  expectTypeOf(useQuery(options).data).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } } | undefined>();

  const infinite = graphqlInfiniteQueryOptions(client, PentestsPageDocument, {
    queryKeyPrefix: pentestKeys.lists(),
    initialPageParam: 1,
    variables: (page_num: number) => ({ page_input: { page_num } }),
    getNextPageParam: (_last, all) => all.length + 1,
  });
  expectTypeOf(infinite.queryKey).toExtend<GraphQLInfiniteQueryKey>();
  expectTypeOf<GraphQLQueryKeyOptions['queryKeyPrefix']>().toEqualTypeOf<GraphQLQueryKeyPrefix | undefined>();
}

export async function Filters(client: AuthClient, queryClient: QueryClient) {
  // The identity's scope, then the factory's level, with its literal types kept.
  expectTypeOf(graphqlScopeKey(client.identity, pentestKeys.lists())).toEqualTypeOf<readonly ['graphql', GraphQLQueryScope, 'pentests', 'list']>();
  expectTypeOf(graphqlScopeKey(client.identity)).toEqualTypeOf<readonly ['graphql', GraphQLQueryScope]>();
  await queryClient.invalidateQueries({ queryKey: graphqlScopeKey(client.identity, pentestKeys.all) });
  await queryClient.invalidateQueries({ queryKey: ['graphql', {}, ...pentestKeys.all] });
}
