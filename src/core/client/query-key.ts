import { documentSource } from '../wire/document-source.js';
import type { GraphQLDocument } from '../wire/transport.js';
import type { AuthIdentity } from './types.js';

export const GRAPHQL_QUERY_KEY_ROOT = 'graphql';

/** `identity` tags the API key and endpoints without revealing them; the token is never in a key. */
export interface GraphQLQueryScope {
  region: string;
  identity: string;
}

export type GraphQLQueryKey = readonly [typeof GRAPHQL_QUERY_KEY_ROOT, GraphQLQueryScope, string, object];

/** The key prefix of every query run for one identity: invalidate or reset with it. */
export function graphqlScopeKey(identity: AuthIdentity): readonly [typeof GRAPHQL_QUERY_KEY_ROOT, GraphQLQueryScope] {
  return [GRAPHQL_QUERY_KEY_ROOT, { region: identity.region, identity: identity.id }];
}

export function graphqlQueryKey(
  identity: AuthIdentity,
  document: GraphQLDocument<unknown, never>,
  variables: object | undefined,
): GraphQLQueryKey {
  return [...graphqlScopeKey(identity), documentSource(document), variables ?? {}];
}

/** The last element of an infinite query's key: a plain query never has a fifth element. */
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
): GraphQLInfiniteQueryKey {
  return [...graphqlQueryKey(identity, document, firstPageVariables), GRAPHQL_INFINITE_QUERY_KEY_MARK];
}
