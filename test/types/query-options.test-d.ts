// Type tests for graphqlQueryOptions, checked by `npm run typecheck` (tsc over test/).
import { type QueryClient, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import { type AuthClient, type GraphQLQueryKey, graphqlQueryOptions } from '../../src/index.js';
import { type Item, ItemsDocument } from '../support/documents.js';

export async function prefetchInference(client: AuthClient, queryClient: QueryClient) {
  const options = graphqlQueryOptions(client, ItemsDocument, { first: 2 });
  expectTypeOf(options.queryKey).toExtend<GraphQLQueryKey>();
  // The key is tagged with the data type, so reading the cache needs no annotation.
  expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<{ items: Item[] } | undefined>();
  expectTypeOf(await queryClient.query({ ...options, staleTime: 'static' })).toEqualTypeOf<{ items: Item[] }>();
  // React Query before `query()` (our peer range starts at 5.80) has ensureQueryData.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  expectTypeOf(await queryClient.ensureQueryData(options)).toEqualTypeOf<{ items: Item[] }>();

  // @ts-expect-error: `first` is an Int
  graphqlQueryOptions(client, ItemsDocument, { first: '2' });
  // @ts-expect-error: no such variable
  graphqlQueryOptions(client, ItemsDocument, { last: 2 });
}

export function HookInference({ client }: { client: AuthClient }) {
  const counted = useQuery(graphqlQueryOptions(client, ItemsDocument, {}, { select: (data) => data.items.length }));
  expectTypeOf(counted.data).toEqualTypeOf<number | undefined>();
  const { data } = useSuspenseQuery(graphqlQueryOptions(client, ItemsDocument, { first: 1 }));
  expectTypeOf(data).toEqualTypeOf<{ items: Item[] }>();
  return null;
}
