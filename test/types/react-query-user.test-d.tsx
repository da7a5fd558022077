// Type tests for the API as a TanStack Query user expects it (docs/choices.md), checked by `npm run typecheck`.
import type { QueryClient } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import {
  type AuthClientOptions,
  AuthProvider,
  type AuthState,
  createAuthClient,
  type GraphQLOperationKey,
  type GraphQLQueryKey,
  graphqlProxy,
  graphqlQueryKey,
  tokenEndpoint,
  useAuth,
} from '../../src/index.js';
import { PentestsDocument } from '../support/documents.js';

// Made at module level: no client, no identity.
const pentestsKey = graphqlQueryKey(PentestsDocument);
const secondPageKey = graphqlQueryKey(PentestsDocument, { page_size: 2 });

export async function invalidation(queryClient: QueryClient) {
  expectTypeOf(pentestsKey).toEqualTypeOf<GraphQLOperationKey>();
  expectTypeOf(secondPageKey).toExtend<readonly unknown[]>();
  await queryClient.invalidateQueries({ queryKey: pentestsKey });
  await queryClient.refetchQueries({ queryKey: secondPageKey });
  // @ts-expect-error: page_size is an Int
  graphqlQueryKey(PentestsDocument, { page_size: '2' });
  // @ts-expect-error: no such variable
  graphqlQueryKey(PentestsDocument, { last: 2 });
  // A string document takes any variables.
  expectTypeOf(graphqlQueryKey('query A { a }', { anything: 1 })).toEqualTypeOf<GraphQLOperationKey>();
}

export function identityKey(identity: { region: string; id: string }) {
  // The exact key of one identity, as before.
  expectTypeOf(graphqlQueryKey(identity, PentestsDocument, { page_size: 2 })).toEqualTypeOf<GraphQLQueryKey>();
}

export function Selected() {
  const status = useAuth((auth) => auth.status);
  expectTypeOf(status).toEqualTypeOf<AuthState['status']>();
  const signedIn = useAuth((auth) => auth.token !== null);
  expectTypeOf(signedIn).toEqualTypeOf<boolean>();
  const refresh = useAuth((auth) => auth.refresh);
  expectTypeOf(refresh).returns.resolves.toEqualTypeOf<string | null>();
  const whole = useAuth();
  expectTypeOf(whole.signOut).toEqualTypeOf<() => void>();
  return null;
}

// The modes are a union: one of apiKey, tokenEndpoint, graphqlProxy (the run-time check stays for JavaScript).
export function oneMode(key: string) {
  createAuthClient({ apiKey: key, region: 'us' });
  createAuthClient({ tokenEndpoint: tokenEndpoint('/api/token') });
  createAuthClient({ graphqlProxy: graphqlProxy('/api/graphql') });
  // Off values of the other modes are fine.
  createAuthClient({ apiKey: key, region: 'us', tokenEndpoint: null, graphqlProxy: false });
  // @ts-expect-error apiKey and tokenEndpoint together
  createAuthClient({ apiKey: key, region: 'us', tokenEndpoint: tokenEndpoint('/api/token') });
  // @ts-expect-error tokenEndpoint and graphqlProxy together
  createAuthClient({ tokenEndpoint: tokenEndpoint('/api/token'), graphqlProxy: graphqlProxy('/api/graphql') });
  const options: AuthClientOptions = { apiKey: key, region: 'eu' };
  return (
    <>
      <AuthProvider {...options} />
      {/* @ts-expect-error apiKey and graphqlProxy together */}
      <AuthProvider apiKey={key} region="us" graphqlProxy={graphqlProxy('/api/graphql')} />
    </>
  );
}
