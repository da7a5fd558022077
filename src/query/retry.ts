import { EARLY_TIMER_SLACK_MS, MAX_RETRY_AFTER_MS } from '../core/wire/retry-after.js';
import { retryableFailureOf, retryAfterOf } from '../core/wire/transient-failure.js';
import type { GraphQLDocument } from '../core/wire/transport.js';

/** React Query's `retry` option: a count, a yes/no, or a decision per failure. */
export type RetryValue = boolean | number | ((failureCount: number, error: Error) => boolean);

/**
 * Applies the caller's (or the QueryClient's) retry setting, but only where `worthRetrying` allows,
 * and never when the answer asked to wait longer than the hooks wait by themselves.
 */
export function retryOnly(
  worthRetrying: (error: unknown) => boolean,
  retry: RetryValue | undefined,
  fallback: number,
): (failureCount: number, error: Error) => boolean {
  return (failureCount, error) => {
    if (!worthRetrying(error) || (retryAfterOf(error) ?? 0) > MAX_RETRY_AFTER_MS) return false;
    if (typeof retry === 'function') return retry(failureCount, error);
    if (typeof retry === 'number') return failureCount < retry;
    if (typeof retry === 'boolean') return retry;
    return failureCount < fallback;
  };
}

/** React Query's `retryDelay` option: ms, or ms per failure. */
export type RetryDelayValue = number | ((failureCount: number, error: Error) => number);

/** React Query's own default: doubling from one second, at most thirty. */
const defaultRetryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

/** The caller's (or the QueryClient's) retry delay, but never shorter than the answer's `Retry-After`. */
export function delayAtLeastRetryAfter(retryDelay: RetryDelayValue | undefined): (failureCount: number, error: Error) => number {
  return (failureCount, error) => {
    const own = typeof retryDelay === 'function' ? retryDelay(failureCount, error) : (retryDelay ?? defaultRetryDelay(failureCount));
    const wait = retryAfterOf(error);
    // A timer may fire a few ms early by Date.now: one set for exactly the wait would find the client
    // still holding off, fail at once and use up a retry.
    return wait === undefined ? own : Math.max(own, wait + EARLY_TIMER_SLACK_MS);
  };
}

/** React Query's own default: three retries in the browser, none on the server. */
export function defaultQueryRetries(): number {
  return typeof window === 'undefined' ? 0 : 3;
}

/** `retry` and `retryDelay` as given to a query, or as the QueryClient's defaults. */
export interface RetrySettings {
  retry?: unknown;
  retryDelay?: unknown;
}

/**
 * The query hooks' `retry` and `retryDelay` (plain and infinite): the given settings, else the
 * defaults, applied only to failures that can pass for this document, and never sooner than the
 * answer's `Retry-After`.
 */
export function queryRetryOptions(
  document: GraphQLDocument<unknown, never>,
  given: RetrySettings | undefined,
  defaults: RetrySettings | undefined,
): { retry: (failureCount: number, error: Error) => boolean; retryDelay: (failureCount: number, error: Error) => number } {
  const retry = (given?.retry ?? defaults?.retry) as RetryValue | undefined;
  const retryDelay = (given?.retryDelay ?? defaults?.retryDelay) as RetryDelayValue | undefined;
  return {
    retry: retryOnly(retryableFailureOf(document), retry, defaultQueryRetries()),
    retryDelay: delayAtLeastRetryAfter(retryDelay),
  };
}
