// Type tests: `npm run typecheck` (tsc over test/) fails if an inference breaks or an error vanishes.
import type { UseMutationResult } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import { type AuthClient, useAuth, useGraphQLMutation, useGraphQLQuery, useGraphQLSuspenseQuery } from '../../src/index.js';
import { type OpTabRow, PauseOpDocument, type PentestRow, PentestsDocument } from '../support/documents.js';

export function QueryInference() {
  const query = useGraphQLQuery(PentestsDocument, { page_size: 2 });
  expectTypeOf(query.data).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } } | undefined>();
  expectTypeOf(query.error).toEqualTypeOf<Error | null>();

  // @ts-expect-error: `page_size` is an Int
  useGraphQLQuery(PentestsDocument, { page_size: 'two' });
  // @ts-expect-error: no such variable
  useGraphQLQuery(PentestsDocument, { last: 2 });

  const selected = useGraphQLQuery(PentestsDocument, {}, { select: (data) => data.pentests_page.pentests.length });
  expectTypeOf(selected.data).toEqualTypeOf<number | undefined>();

  const untyped = useGraphQLQuery<{ session_user_account: { name: string } }>('query { session_user_account { name } }');
  expectTypeOf(untyped.data).toEqualTypeOf<{ session_user_account: { name: string } } | undefined>();
  return null;
}

export function SuspenseInference() {
  const { data } = useGraphQLSuspenseQuery(PentestsDocument, { page_size: 1 });
  expectTypeOf(data).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } }>();
  return null;
}

export function MutationInference() {
  const mutation = useGraphQLMutation(PauseOpDocument);
  expectTypeOf(mutation).toEqualTypeOf<UseMutationResult<{ pause_op: OpTabRow | null }, Error, { op_id: string }>>();
  mutation.mutate({ op_id: 'ok' });
  // @ts-expect-error: op_id is required
  mutation.mutate({});
  return null;
}

export function AuthInference() {
  const auth = useAuth();
  expectTypeOf(auth.status).toEqualTypeOf<'idle' | 'authenticating' | 'authenticated' | 'signedOut' | 'error'>();
  // Never rejects: the token, or null when the refresh failed (its error is in the state).
  expectTypeOf(auth.refresh).returns.resolves.toEqualTypeOf<string | null>();
  return null;
}

export async function clientInference(client: AuthClient) {
  const data = await client.request(PentestsDocument, { page_size: 1 });
  expectTypeOf(data).toEqualTypeOf<{ pentests_page: { pentests: PentestRow[] } }>();
  // @ts-expect-error: `page_size` is an Int
  await client.request(PentestsDocument, { page_size: '1' });
}
