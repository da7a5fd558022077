import { type AuthError, AuthNetworkError, AuthServerError } from '../errors/index.js';
import { MAX_RETRY_AFTER_MS } from '../wire/retry-after.js';
import { isTransientAuthError, isTransientStatus } from '../wire/transient.js';
import type { AuthHoldOff } from './token-cache.js';

/**
 * The longest hold-off a process takes from a shared cache: the longest it would hold off by itself
 * (a service's Retry-After, honoured up to this cap; the jitter's own cap, 30 s, is below it). A
 * hold-off stored to run longer was written by someone else and is not honoured. A bound of 30 s
 * would make the farm ask again before a service's longer Retry-After.
 */
export const MAX_HOLD_OFF_MS = MAX_RETRY_AFTER_MS;

/** Past this many failures in a row the backoff's cap stopped doubling long ago: a larger count is no one's. */
const MAX_COUNTED_FAILURES = 64;

/** A hold-off as stored, or null when it is not one (a bug, a foreign or hostile writer): never a crash. */
export function validHoldOff(value: unknown): AuthHoldOff | null {
  if (typeof value !== 'object' || value === null) return null;
  const { until, failures, status } = value as Record<string, unknown>;
  if (typeof until !== 'number' || !Number.isFinite(until)) return null;
  if (typeof failures !== 'number' || !Number.isSafeInteger(failures) || failures < 1) return null;
  const knownStatus = status === 0 || (typeof status === 'number' && Number.isInteger(status) && status <= 599 && isTransientStatus(status));
  if (!knownStatus) return null;
  return { until, failures: Math.min(failures, MAX_COUNTED_FAILURES), status };
}

/** Why this process asked no one: another process sharing the cache met the failure. */
class HeldOffByFarm extends Error {
  override name = 'HeldOffByFarm';
}

/**
 * The failure another process met, as this process tells its callers: the same type (so a handler
 * answers 503 with Retry-After), told what is left of the farm's hold-off. A network failure is
 * made by the source's own `toAuthError`, which knows the URL it would have asked.
 */
export function heldOffFailure(holdOff: AuthHoldOff, leftMs: number, toAuthError: (error: unknown) => AuthError): AuthServerError | AuthNetworkError {
  const cause = new HeldOffByFarm(`another process sharing the token cache met this failure; no one asks /v1/auth for ${leftMs} ms`);
  const failure =
    holdOff.status === 0 ? toAuthError(cause) : new AuthServerError(holdOff.status, 'another process sharing the token cache met this answer', { cause });
  return (isTransientAuthError(failure) ? failure : new AuthNetworkError('', { cause })).withRetryIn(leftMs);
}
