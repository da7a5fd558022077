// Type tests, checked by `npm run typecheck` (tsc over test/): a document with a required variable
// makes `variables` required wherever it runs; with optional or no variables it stays optional.
// Each @ts-expect-error goes stale (and fails tsc) if a required variable became optional again.
import type { QueryClient } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import { type AuthClient, graphqlQueryOptions, type TypedDocumentNode, useGraphQLQuery, useGraphQLSuspenseQuery, type VariablesArgs } from '../../src/index.js';

// Type-level documents: nothing here runs, so they need no schema behind them.
interface Item {
  id: string;
  title: string;
}
declare const ItemDocument: TypedDocumentNode<{ item: Item | null }, { id: string }>;
declare const ItemsDocument: TypedDocumentNode<{ items: Item[] }, { first?: number }>;
declare const ViewerDocument: TypedDocumentNode<{ viewer: { id: string; name: string } }, Record<string, never>>;

/** Optional fields only, as GraphQL Code Generator writes a nullable `$first: Int`. */
declare const NullableFirstDocument: TypedDocumentNode<{ items: Item[] }, { first?: number | null }>;
/** One required field among optional ones. */
declare const MixedDocument: TypedDocumentNode<{ items: Item[] }, { first?: number; after: string }>;

export function RequiredVariablesInHooks() {
  const query = useGraphQLQuery(ItemDocument, { id: '1' });
  expectTypeOf(query.data).toEqualTypeOf<{ item: Item | null } | undefined>();
  // @ts-expect-error: `$id: ID!` is required
  useGraphQLQuery(ItemDocument);
  // @ts-expect-error: `id` is missing
  useGraphQLQuery(ItemDocument, {});
  // @ts-expect-error: options cannot stand in for the variables
  useGraphQLQuery(ItemDocument, undefined, { enabled: false });
  // @ts-expect-error: `after` is required even though `first` is not
  useGraphQLQuery(MixedDocument, { first: 2 });
  useGraphQLQuery(MixedDocument, { after: 'x' });

  // `select` still infers through the variables' rule.
  const title = useGraphQLQuery(ItemDocument, { id: '1' }, { select: (data) => data.item?.title });
  expectTypeOf(title.data).toEqualTypeOf<string | undefined>();

  const { data } = useGraphQLSuspenseQuery(ItemDocument, { id: '1' });
  expectTypeOf(data).toEqualTypeOf<{ item: Item | null }>();
  // @ts-expect-error: `$id: ID!` is required
  useGraphQLSuspenseQuery(ItemDocument);
  // @ts-expect-error: `id` is a string
  useGraphQLSuspenseQuery(ItemDocument, { id: 1 });
  return null;
}

export function OptionalVariablesInHooks() {
  useGraphQLQuery(ItemsDocument);
  useGraphQLQuery(ItemsDocument, undefined, { enabled: false });
  useGraphQLQuery(NullableFirstDocument);
  useGraphQLQuery(ViewerDocument);
  useGraphQLSuspenseQuery(ItemsDocument);
  useGraphQLSuspenseQuery(ViewerDocument);
  const counted = useGraphQLQuery(ItemsDocument, undefined, { select: (data) => data.items.length });
  expectTypeOf(counted.data).toEqualTypeOf<number | undefined>();

  // A string document has `Variables` (any object) unless its variables are spelled out.
  useGraphQLQuery<{ viewer: { name: string } }>('query { viewer { name } }');
  useGraphQLQuery<{ item: Item | null }, { id: string }>('query ($id: ID!) { item(id: $id) { id } }', { id: '1' });
  // @ts-expect-error: spelled-out required variables are required for strings too
  useGraphQLQuery<{ item: Item | null }, { id: string }>('query ($id: ID!) { item(id: $id) { id } }');
  return null;
}

export function VariablesAreNotInferredFromTheArgument() {
  // NoInfer: the document fixes the variables' type; a wrong value is an error, not a wider type.
  // @ts-expect-error: `first` is an Int
  useGraphQLQuery(ItemsDocument, { first: 'two' });
  // @ts-expect-error: no such variable
  useGraphQLSuspenseQuery(ItemDocument, { id: '1', extra: true });
  return null;
}

export async function requiredVariablesOutsideReact(client: AuthClient, queryClient: QueryClient) {
  const options = graphqlQueryOptions(client, ItemDocument, { id: '1' });
  expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<{ item: Item | null } | undefined>();
  // @ts-expect-error: `$id: ID!` is required
  graphqlQueryOptions(client, ItemDocument);
  // @ts-expect-error: `id` is missing
  graphqlQueryOptions(client, ItemDocument, {});
  graphqlQueryOptions(client, ItemsDocument);
  graphqlQueryOptions(client, ViewerDocument);

  expectTypeOf(await client.request(ItemDocument, { id: '1' })).toEqualTypeOf<{ item: Item | null }>();
  await client.request(ItemDocument, { id: '1' }, { headers: { 'x-trace': '1' } });
  // @ts-expect-error: `$id: ID!` is required
  await client.request(ItemDocument);
  // @ts-expect-error: the init cannot stand in for the variables
  await client.request(ItemDocument, undefined, { headers: {} });
  await client.request(ItemsDocument);
  await client.request(ViewerDocument);
  await client.request<{ viewer: { name: string } }>('query { viewer { name } }');

  // Destructured, as AuthClient allows, the rule holds the same.
  const { request } = client;
  // @ts-expect-error: `$id: ID!` is required
  await request(ItemDocument);
}

export function theArgumentsTuple() {
  expectTypeOf<VariablesArgs<{ id: string }>>().toEqualTypeOf<[variables: { id: string }]>();
  expectTypeOf<VariablesArgs<{ first?: number }, [init?: RequestInit]>>().toEqualTypeOf<[variables?: { first?: number }, init?: RequestInit]>();
  expectTypeOf<VariablesArgs<Record<string, never>>>().toEqualTypeOf<[variables?: Record<string, never>]>();
}
