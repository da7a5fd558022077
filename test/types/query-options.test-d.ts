// Type tests for graphqlQueryOptions, checked by `npm run typecheck` (tsc over test/).
import { type QueryClient, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import { type AuthClient, type GraphQLQueryKey, graphqlQueryOptions } from '../../src/index.js';
import { type PentestRow, PentestsDocument } from '../support/documents.js';

export async function prefetchInference(client: AuthClient, queryClient: QueryClient) {
  const options = graphqlQueryOptions(client, PentestsDocument, { page_size: 2 });
  expectTypeOf(options.queryKey).toExtend<GraphQLQueryKey>();
  // The key is tagged with the data type, so reading the cache needs no annotation.
  expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } } | undefined>();
  expectTypeOf(await queryClient.query({ ...options, staleTime: 'static' })).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } }>();
  // ensureQueryData, deprecated since `query()` came (5.102, our peer floor), still takes the options.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  expectTypeOf(await queryClient.ensureQueryData(options)).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } }>();

  // @ts-expect-error: `page_size` is an Int
  graphqlQueryOptions(client, PentestsDocument, { page_size: '2' });
  // @ts-expect-error: no such variable
  graphqlQueryOptions(client, PentestsDocument, { last: 2 });
}

export function HookInference({ client }: { client: AuthClient }) {
  const counted = useQuery(graphqlQueryOptions(client, PentestsDocument, {}, { select: (data) => data.pentests_page.pentests.length }));
  expectTypeOf(counted.data).toEqualTypeOf<number | undefined>();
  const { data } = useSuspenseQuery(graphqlQueryOptions(client, PentestsDocument, { page_size: 1 }));
  expectTypeOf(data).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } }>();
  return null;
}
