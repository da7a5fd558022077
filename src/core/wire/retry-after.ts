import { AuthServerError } from '../errors/index.js';

/**
 * The longest `Retry-After` waited for by itself: the hooks retry no later than this or not at all,
 * and the client asks `/v1/auth` again after at most this long, so a garbled or hostile header
 * cannot hold a client for a day.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * How much later than a `Retry-After` (or the client's backoff) a retry is set for: a timer may fire
 * a few ms early by Date.now, and one set for exactly the wait would find the client still holding
 * off, fail at once and use up a retry.
 */
export const EARLY_TIMER_SLACK_MS = 20;

/** delay-seconds: digits only (Headers.get() has trimmed the value already). */
const DELAY_SECONDS = /^\d+$/;
/**
 * The three HTTP-date forms (IMF-fixdate, RFC 850, asctime). Date.parse alone would take "1.5" or
 * "abc 5" for a date in 2001, and so a garbled header for "retry now".
 */
const HTTP_DATE =
  /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$|^[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$|^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * How long a `Retry-After` header asks to wait, in ms from when the answer arrived: delay-seconds,
 * or an HTTP-date read against the answer's own `Date` header when it has one (so a wrong client
 * clock does not shorten the wait). Undefined when absent or unreadable.
 */
export function readRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const value = headers.get('retry-after') ?? '';
  if (DELAY_SECONDS.test(value)) return Number(value) * 1000;
  const at = HTTP_DATE.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  const sent = Date.parse(headers.get('date') ?? '');
  return Math.max(0, at - (Number.isNaN(sent) ? now : sent));
}

/** How long `/v1/auth` may not be asked again after `error`: its Retry-After, up to the cap; else 0. */
export function throttledForMs(error: unknown): number {
  return error instanceof AuthServerError ? Math.min(error.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS) : 0;
}
