import { ClientError } from 'graphql-request';
import { AuthError } from '../core/errors/index.js';
import { isTransientAuthError, isTransientStatus } from '../core/transient.js';

/**
 * Whether trying a query again could succeed: a flaky auth server or network, yes; a rejected key,
 * a refused request or a GraphQL error in a valid answer, no (retrying only delays the error).
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof AuthError) return isTransientAuthError(error);
  if (error instanceof ClientError) return isTransientStatus(error.response.status);
  return true;
}

/** React Query's `retry` option: a count, a yes/no, or a decision per failure. */
export type RetryValue = boolean | number | ((failureCount: number, error: Error) => boolean);

/** Applies the caller's (or the QueryClient's) retry setting, but only where `worthRetrying` allows. */
export function retryOnly(
  worthRetrying: (error: unknown) => boolean,
  retry: RetryValue | undefined,
  fallback: number,
): (failureCount: number, error: Error) => boolean {
  return (failureCount, error) => {
    if (!worthRetrying(error)) return false;
    if (typeof retry === 'function') return retry(failureCount, error);
    if (typeof retry === 'number') return failureCount < retry;
    if (typeof retry === 'boolean') return retry;
    return failureCount < fallback;
  };
}

/** React Query's own default: three retries in the browser, none on the server. */
export function defaultQueryRetries(): number {
  return typeof window === 'undefined' ? 0 : 3;
}

/** The query hooks' `retry` (plain and infinite): the given setting, for failures that can pass. */
export function queryRetry(retry: unknown): (failureCount: number, error: Error) => boolean {
  return retryOnly(isTransientFailure, retry as RetryValue | undefined, defaultQueryRetries());
}
