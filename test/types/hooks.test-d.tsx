// Type tests: `npm run typecheck` (tsc over test/) fails if an inference breaks or an error vanishes.
import type { UseMutationResult } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import {
  type AuthClient,
  useAuth,
  useGraphQLMutation,
  useGraphQLQuery,
  useGraphQLSuspenseQuery,
} from '../../src/index.js';
import { AddItemDocument, type Item, ItemsDocument } from '../support/documents.js';

export function QueryInference() {
  const query = useGraphQLQuery(ItemsDocument, { first: 2 });
  expectTypeOf(query.data).toEqualTypeOf<{ items: Item[] } | undefined>();
  expectTypeOf(query.error).toEqualTypeOf<Error | null>();

  // @ts-expect-error: `first` is an Int
  useGraphQLQuery(ItemsDocument, { first: 'two' });
  // @ts-expect-error: no such variable
  useGraphQLQuery(ItemsDocument, { last: 2 });

  const selected = useGraphQLQuery(ItemsDocument, {}, { select: (data) => data.items.length });
  expectTypeOf(selected.data).toEqualTypeOf<number | undefined>();

  const untyped = useGraphQLQuery<{ viewer: { name: string } }>('query { viewer { name } }');
  expectTypeOf(untyped.data).toEqualTypeOf<{ viewer: { name: string } } | undefined>();
  return null;
}

export function SuspenseInference() {
  const { data } = useGraphQLSuspenseQuery(ItemsDocument, { first: 1 });
  expectTypeOf(data).toEqualTypeOf<{ items: Item[] }>();
  return null;
}

export function MutationInference() {
  const mutation = useGraphQLMutation(AddItemDocument);
  expectTypeOf(mutation).toEqualTypeOf<UseMutationResult<{ addItem: Item }, Error, { title: string }>>();
  mutation.mutate({ title: 'ok' });
  // @ts-expect-error: title is required
  mutation.mutate({});
  return null;
}

export function AuthInference() {
  const auth = useAuth();
  expectTypeOf(auth.status).toEqualTypeOf<'idle' | 'authenticating' | 'authenticated' | 'signedOut' | 'error'>();
  expectTypeOf(auth.refresh).returns.resolves.toBeString();
  return null;
}

export async function clientInference(client: AuthClient) {
  const data = await client.request(ItemsDocument, { first: 1 });
  expectTypeOf(data).toEqualTypeOf<{ items: Item[] }>();
  // @ts-expect-error: `first` is an Int
  await client.request(ItemsDocument, { first: '1' });
}
