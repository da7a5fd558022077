// Type tests for every shape of typed document the usual tools make (examples/typed-documents):
// GraphQL Code Generator's client preset in both document modes, each with and without
// `persistedDocuments`, and gql.tada. Checked by `npm run typecheck` (tsc over test/ and examples/).
import type { InfiniteData } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import {
  type AuthClient,
  graphqlInfiniteQueryOptions,
  graphqlQueryKey,
  graphqlQueryOptions,
  useGraphQLInfiniteQuery,
  useGraphQLMutation,
  useGraphQLQuery,
} from '../../src/index.js';
import type { ExamplePauseOpMutation, ExamplePentestsQuery, OpState } from '../../examples/typed-documents/src/gql/graphql.js';
import * as node from '../../examples/typed-documents/src/pentests.js';
import * as persisted from '../../examples/typed-documents/src/persisted/pentests.js';
import * as persistedString from '../../examples/typed-documents/src/persisted-string/pentests.js';
import * as string from '../../examples/typed-documents/src/string/pentests.js';
import * as tada from '../../examples/typed-documents/src/tada/pentests.js';

type PentestsVariables = { page_size?: number | null | undefined };
type PauseOpVariables = { op_id: string };

// Each line below names one shape's document, so each is inferred on its own (a union would hide one
// that fails): node (the preset's default), string (`documentMode: 'string'`, a TypedDocumentString),
// persisted and persistedString (the same, with `__meta__.hash`), tada (gql.tada's TadaDocumentNode).
export function QueryInference() {
  expectTypeOf(useGraphQLQuery(node.ExamplePentestsQuery, { page_size: 2 }).data).toEqualTypeOf<ExamplePentestsQuery | undefined>();
  expectTypeOf(useGraphQLQuery(string.ExamplePentestsQuery, { page_size: 2 }).data).toEqualTypeOf<ExamplePentestsQuery | undefined>();
  expectTypeOf(useGraphQLQuery(persisted.ExamplePentestsQuery, { page_size: 2 }).data).toEqualTypeOf<ExamplePentestsQuery | undefined>();
  expectTypeOf(useGraphQLQuery(persistedString.ExamplePentestsQuery, { page_size: 2 }).data).toEqualTypeOf<ExamplePentestsQuery | undefined>();
  expectTypeOf(useGraphQLQuery(tada.ExamplePentestsQuery, { page_size: 2 }).data).toEqualTypeOf<ExamplePentestsQuery | undefined>();
  expectTypeOf(useGraphQLQuery(string.ExamplePentestsQuery).data?.pentests_page.pentests[0]?.state).toEqualTypeOf<OpState | undefined>();
  // The schema's `page_size: Int` is nullable, so null is a valid value.
  useGraphQLQuery(string.ExamplePentestsQuery, { page_size: null });
  useGraphQLQuery(tada.ExamplePentestsQuery, { page_size: null });

  // @ts-expect-error: `page_size` is an Int
  useGraphQLQuery(node.ExamplePentestsQuery, { page_size: '2' });
  // @ts-expect-error: `page_size` is an Int
  useGraphQLQuery(string.ExamplePentestsQuery, { page_size: '2' });
  // @ts-expect-error: `page_size` is an Int
  useGraphQLQuery(persisted.ExamplePentestsQuery, { page_size: '2' });
  // @ts-expect-error: `page_size` is an Int
  useGraphQLQuery(persistedString.ExamplePentestsQuery, { page_size: '2' });
  // @ts-expect-error: `page_size` is an Int
  useGraphQLQuery(tada.ExamplePentestsQuery, { page_size: '2' });
  // @ts-expect-error: the operation declares no `after`
  useGraphQLQuery(string.ExamplePentestsQuery, { page_size: 2, after: 'x' });
  // @ts-expect-error: the operation declares no `after`
  useGraphQLQuery(tada.ExamplePentestsQuery, { page_size: 2, after: 'x' });
  return null;
}

export function MutationInference() {
  const byNode = useGraphQLMutation(node.ExamplePauseOpMutation);
  const byString = useGraphQLMutation(string.ExamplePauseOpMutation);
  const byPersisted = useGraphQLMutation(persisted.ExamplePauseOpMutation);
  const byPersistedString = useGraphQLMutation(persistedString.ExamplePauseOpMutation);
  const byTada = useGraphQLMutation(tada.ExamplePauseOpMutation);
  expectTypeOf(byNode.data).toEqualTypeOf<ExamplePauseOpMutation | undefined>();
  expectTypeOf(byString.data).toEqualTypeOf<ExamplePauseOpMutation | undefined>();
  expectTypeOf(byPersisted.data).toEqualTypeOf<ExamplePauseOpMutation | undefined>();
  expectTypeOf(byPersistedString.data).toEqualTypeOf<ExamplePauseOpMutation | undefined>();
  expectTypeOf(byTada.data).toEqualTypeOf<ExamplePauseOpMutation | undefined>();
  expectTypeOf(byNode.mutate).parameter(0).toEqualTypeOf<PauseOpVariables>();
  expectTypeOf(byString.mutate).parameter(0).toEqualTypeOf<PauseOpVariables>();
  expectTypeOf(byPersisted.mutate).parameter(0).toEqualTypeOf<PauseOpVariables>();
  expectTypeOf(byPersistedString.mutate).parameter(0).toEqualTypeOf<PauseOpVariables>();
  expectTypeOf(byTada.mutate).parameter(0).toEqualTypeOf<PauseOpVariables>();
  // @ts-expect-error: `op_id: String!` is required
  byString.mutate({});
  // @ts-expect-error: `op_id` is a String
  byTada.mutate({ op_id: 1 });
  return null;
}

const PAGE_SIZE = 10;
const nextPageSize = (last: ExamplePentestsQuery, _all: ExamplePentestsQuery[], size: number) =>
  last.pentests_page.pentests.length < size ? undefined : size + PAGE_SIZE;
const pages = { initialPageParam: PAGE_SIZE, variables: (size: number) => ({ page_size: size }), getNextPageParam: nextPageSize };

export function InfiniteQueryInference() {
  type Pages = InfiniteData<ExamplePentestsQuery, number> | undefined;
  expectTypeOf(useGraphQLInfiniteQuery(node.ExamplePentestsQuery, pages).data).toEqualTypeOf<Pages>();
  expectTypeOf(useGraphQLInfiniteQuery(string.ExamplePentestsQuery, pages).data).toEqualTypeOf<Pages>();
  expectTypeOf(useGraphQLInfiniteQuery(persisted.ExamplePentestsQuery, pages).data).toEqualTypeOf<Pages>();
  expectTypeOf(useGraphQLInfiniteQuery(persistedString.ExamplePentestsQuery, pages).data).toEqualTypeOf<Pages>();
  expectTypeOf(useGraphQLInfiniteQuery(tada.ExamplePentestsQuery, pages).data).toEqualTypeOf<Pages>();
  // @ts-expect-error: `page_size` is an Int
  useGraphQLInfiniteQuery(string.ExamplePentestsQuery, { ...pages, variables: (size: number) => ({ page_size: String(size) }) });
  // @ts-expect-error: `page_size` is an Int
  useGraphQLInfiniteQuery(tada.ExamplePentestsQuery, { ...pages, variables: (size: number) => ({ page_size: String(size) }) });
  return null;
}

export async function optionsAndRequestInference(client: AuthClient) {
  type QueryData = ReturnType<NonNullable<ReturnType<typeof graphqlQueryOptions<ExamplePentestsQuery, PentestsVariables>>['queryFn']>>;
  expectTypeOf(graphqlQueryOptions(client, node.ExamplePentestsQuery, { page_size: 2 }).queryFn).returns.toEqualTypeOf<QueryData>();
  expectTypeOf(graphqlQueryOptions(client, string.ExamplePentestsQuery, { page_size: 2 }).queryFn).returns.toEqualTypeOf<QueryData>();
  expectTypeOf(graphqlQueryOptions(client, persisted.ExamplePentestsQuery, { page_size: 2 }).queryFn).returns.toEqualTypeOf<QueryData>();
  expectTypeOf(graphqlQueryOptions(client, persistedString.ExamplePentestsQuery, { page_size: 2 }).queryFn).returns.toEqualTypeOf<QueryData>();
  expectTypeOf(graphqlQueryOptions(client, tada.ExamplePentestsQuery, { page_size: 2 }).queryFn).returns.toEqualTypeOf<QueryData>();
  // @ts-expect-error: `page_size` is an Int
  graphqlQueryOptions(client, string.ExamplePentestsQuery, { page_size: '2' });
  // @ts-expect-error: `page_size` is an Int
  graphqlQueryOptions(client, tada.ExamplePentestsQuery, { page_size: '2' });
  expectTypeOf(graphqlInfiniteQueryOptions(client, string.ExamplePentestsQuery, pages).queryFn).returns.resolves.toEqualTypeOf<ExamplePentestsQuery>();
  expectTypeOf(graphqlInfiniteQueryOptions(client, tada.ExamplePentestsQuery, pages).queryFn).returns.resolves.toEqualTypeOf<ExamplePentestsQuery>();
  graphqlQueryKey(string.ExamplePentestsQuery, { page_size: 2 });
  // @ts-expect-error: `page_size` is an Int
  graphqlQueryKey(persistedString.ExamplePentestsQuery, { page_size: '2' });

  // The preset's `Exact<{ op_id: Scalars['String']['input'] }>`: required, as `$op_id: String!` is.
  expectTypeOf(await client.request(node.ExamplePauseOpMutation, { op_id: 'op-1' })).toEqualTypeOf<ExamplePauseOpMutation>();
  expectTypeOf(await client.request(string.ExamplePauseOpMutation, { op_id: 'op-1' })).toEqualTypeOf<ExamplePauseOpMutation>();
  expectTypeOf(await client.request(persisted.ExamplePauseOpMutation, { op_id: 'op-1' })).toEqualTypeOf<ExamplePauseOpMutation>();
  expectTypeOf(await client.request(persistedString.ExamplePauseOpMutation, { op_id: 'op-1' })).toEqualTypeOf<ExamplePauseOpMutation>();
  expectTypeOf(await client.request(tada.ExamplePauseOpMutation, { op_id: 'op-1' })).toEqualTypeOf<ExamplePauseOpMutation>();
  // @ts-expect-error: `op_id: String!` is required
  await client.request(node.ExamplePauseOpMutation);
  // @ts-expect-error: `op_id: String!` is required
  await client.request(string.ExamplePauseOpMutation);
  // @ts-expect-error: `op_id: String!` is required
  await client.request(tada.ExamplePauseOpMutation);
  // The preset's `Exact<{ page_size?: InputMaybe<…> }>`: optional.
  await client.request(string.ExamplePentestsQuery);
  await client.request(tada.ExamplePentestsQuery);
}
