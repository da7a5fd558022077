import { AuthServerError } from './errors/index.js';

/**
 * The longest `Retry-After` waited for by itself: the hooks retry no later than this or not at all,
 * and the client asks `/v1/auth` again after at most this long, so a garbled or hostile header
 * cannot hold a client for a day.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

const DELAY_SECONDS = /^\s*(\d+)\s*$/;

/**
 * How long a `Retry-After` header asks to wait, in ms from when the answer arrived: delay-seconds,
 * or an HTTP-date read against the answer's own `Date` header when it has one (so a wrong client
 * clock does not shorten the wait). Undefined when absent or unreadable.
 */
export function readRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = DELAY_SECONDS.exec(value)?.[1];
  if (seconds !== undefined) return Number(seconds) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  const sent = Date.parse(headers.get('date') ?? '');
  return Math.max(0, at - (Number.isNaN(sent) ? now : sent));
}

/** How long `/v1/auth` may not be asked again after `error`: its Retry-After, up to the cap; else 0. */
export function throttledForMs(error: unknown): number {
  return error instanceof AuthServerError ? Math.min(error.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS) : 0;
}
