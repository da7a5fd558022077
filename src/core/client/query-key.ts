import type { GraphQLDocument, Variables } from '../wire/transport.js';
import { operationKey } from './operation-key.js';
import type { AuthIdentity } from './types.js';

export const GRAPHQL_QUERY_KEY_ROOT = 'graphql';

/** `identity` tags the API key and endpoints without revealing them; the token is never in a key. */
export interface GraphQLQueryScope {
  region: string;
  identity: string;
}

/**
 * The levels of an app's own key factory (`['pentests', 'list']`), given as the hooks' `queryKeyPrefix`:
 * they go after the identity's scope, before the operation and its variables.
 */
export type GraphQLQueryKeyPrefix = readonly unknown[];

/**
 * Root, scope, the app's prefix if given (none by default), the operation (`'Pentests:1x2y3z'`, see
 * operationKey) and the variables.
 */
export type GraphQLQueryKey = readonly [typeof GRAPHQL_QUERY_KEY_ROOT, GraphQLQueryScope, ...GraphQLQueryKeyPrefix, string, object];

/**
 * The key prefix of every query run for one identity: invalidate or reset with it. With a prefix of
 * the app's, the prefix of that identity's queries given it (`graphqlScopeKey(client.identity, pentestKeys.all)`).
 */
export function graphqlScopeKey<const TPrefix extends GraphQLQueryKeyPrefix = readonly []>(
  identity: AuthIdentity,
  prefix?: TPrefix,
): readonly [typeof GRAPHQL_QUERY_KEY_ROOT, GraphQLQueryScope, ...TPrefix] {
  // Without a prefix TPrefix is `readonly []`, which the cast cannot check on its own.
  return [GRAPHQL_QUERY_KEY_ROOT, { region: identity.region, identity: identity.id }, ...(prefix ?? [])] as unknown as readonly [
    typeof GRAPHQL_QUERY_KEY_ROOT,
    GraphQLQueryScope,
    ...TPrefix,
  ];
}

/**
 * A filter for one operation's entries of every identity, made without a client: root, an empty
 * scope, the operation, then the variables if given. React Query matches filters by prefix
 * and objects partially, so the empty scope matches any, and given variables match every entry
 * whose variables hold them (an infinite list's included). For invalidateQueries, refetchQueries,
 * resetQueries, removeQueries, cancelQueries, isFetching; not for getQueryData, which needs the exact
 * key (`graphqlQueryOptions(client, document, variables).queryKey`). Entries given a `queryKeyPrefix`
 * are not covered: the prefix stands where the operation would (filter them by the prefix).
 */
export type GraphQLOperationKey =
  readonly [typeof GRAPHQL_QUERY_KEY_ROOT, Record<string, never>, string] | readonly [typeof GRAPHQL_QUERY_KEY_ROOT, Record<string, never>, string, object];

/**
 * One identity's exact key, what the hooks cache under. Its own function, so an app that only runs
 * hooks does not bundle graphqlQueryKey's reading of its arguments.
 */
export function identityQueryKey(
  identity: AuthIdentity,
  document: GraphQLDocument<unknown, never>,
  variables: object | undefined,
  prefix?: GraphQLQueryKeyPrefix,
): GraphQLQueryKey {
  return [...graphqlScopeKey(identity, prefix), operationKey(document), variables ?? {}];
}

const isIdentity = (value: unknown): value is AuthIdentity =>
  typeof value === 'object' && value !== null && !(value instanceof String) && !('kind' in value) && typeof (value as { id?: unknown }).id === 'string';

/** One operation's filter key, at module level: `invalidateQueries({ queryKey: graphqlQueryKey(PentestsDocument) })`. */
export function graphqlQueryKey<TVariables extends Variables = Variables>(
  document: GraphQLDocument<unknown, TVariables>,
  variables?: Partial<TVariables>,
): GraphQLOperationKey;
/** One identity's exact key for an operation and its variables (and `queryKeyPrefix`, if given), as the hooks cache it. */
export function graphqlQueryKey(
  identity: AuthIdentity,
  document: GraphQLDocument<unknown, never>,
  variables: object | undefined,
  prefix?: GraphQLQueryKeyPrefix,
): GraphQLQueryKey;
export function graphqlQueryKey(
  first: AuthIdentity | GraphQLDocument<unknown, never>,
  second?: GraphQLDocument<unknown, never> | object,
  third?: object,
  prefix?: GraphQLQueryKeyPrefix,
): GraphQLQueryKey | GraphQLOperationKey {
  if (isIdentity(first)) return identityQueryKey(first, second as GraphQLDocument<unknown, never>, third, prefix);
  const scope: Record<string, never> = {};
  const operation = [GRAPHQL_QUERY_KEY_ROOT, scope, operationKey(first)] as const;
  return typeof second === 'object' ? [...operation, second] : operation;
}

/** The last element of an infinite query's key: a plain query's last is its variables, an object. */
export const GRAPHQL_INFINITE_QUERY_KEY_MARK = 'infinite';

/**
 * An infinite query's key: the plain key of its first page, then the mark. The first page's variables
 * hold whatever selects the list (search text, page size); the plain key stays a prefix, so what
 * invalidates an operation or a scope invalidates its infinite lists too, yet no entry is shared.
 */
export type GraphQLInfiniteQueryKey = readonly [...GraphQLQueryKey, typeof GRAPHQL_INFINITE_QUERY_KEY_MARK];

export function graphqlInfiniteQueryKey(
  identity: AuthIdentity,
  document: GraphQLDocument<unknown, never>,
  firstPageVariables: object | undefined,
  prefix?: GraphQLQueryKeyPrefix,
): GraphQLInfiniteQueryKey {
  return [...identityQueryKey(identity, document, firstPageVariables, prefix), GRAPHQL_INFINITE_QUERY_KEY_MARK];
}
