import { ClientError } from 'graphql-request';
import { AuthError, AuthNetworkError, AuthServerError } from '../errors/index.js';
import { readRetryAfter } from './retry-after.js';
import { isTransientAuthError, isTransientStatus } from './transient.js';
import { type GraphQLDocument, mayBeMutation } from './transport.js';

// Apart from transient.ts: the server entries import that one and must not load graphql-request.

/**
 * Whether trying an operation again could succeed: a flaky auth server or network, yes; a rejected
 * key, a refused request or a GraphQL error in a valid answer, no (retrying only delays the error).
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof AuthError) return isTransientAuthError(error);
  if (error instanceof ClientError) return isTransientStatus(error.response.status);
  return true;
}

/**
 * How long to wait before trying again, if known: the client's own backoff after a failed exchange
 * (whose floor is `/v1/auth`'s Retry-After), or the GraphQL endpoint's Retry-After.
 */
export function retryAfterOf(error: unknown): number | undefined {
  if (error instanceof AuthServerError) {
    // The server's own word counts in full, beyond what the client waits by itself.
    return error.retryAfterMs === undefined && error.retryInMs === undefined ? undefined : Math.max(error.retryAfterMs ?? 0, error.retryInMs ?? 0);
  }
  if (error instanceof AuthNetworkError) return error.retryInMs;
  if (error instanceof ClientError) return readRetryAfter(error.response.headers);
  return undefined;
}

/**
 * What a hook or a polling loop may retry for `document`: for a mutation only failures before it was sent (the auth
 * server's), since one that failed after sending may have been applied; for anything else, any
 * transient failure.
 */
export function retryableFailureOf(document: GraphQLDocument<unknown, never>): (error: unknown) => boolean {
  return mayBeMutation(document) ? isTransientAuthError : isTransientFailure;
}
