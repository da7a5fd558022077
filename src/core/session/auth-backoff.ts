import { throttledForMs } from '../wire/retry-after.js';

/** The first wait after a failed exchange, and the most a wait grows to (doubling per failure). */
export const DEFAULT_AUTH_BACKOFF_MS = { initialDelayMs: 1_000, maxDelayMs: 30_000 } as const;

/**
 * How long to hold off after the `failures`-th failed exchange in a row: "full jitter", a wait drawn
 * evenly between nothing and a cap that doubles per failure. The clients of a fleet that failed
 * together (an outage ending) then spread their next tries instead of asking again in lockstep.
 * At least 1 ms, so that the failure is always waited out by a clock that has moved.
 */
export function fullJitterMs(failures: number, random: () => number = Math.random): number {
  const { initialDelayMs, maxDelayMs } = DEFAULT_AUTH_BACKOFF_MS;
  const cap = Math.min(maxDelayMs, initialDelayMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.max(1, Math.floor(random() * cap));
}

/**
 * How long no one asks `/v1/auth` after the `failures`-th failed exchange in a row with no token in
 * hand: full jitter, never shorter than the service's Retry-After.
 */
export function outageWaitMs(failures: number, error: unknown): number {
  return Math.max(throttledForMs(error), fullJitterMs(failures));
}

/**
 * The waits after failed background renewals while the token held is still valid. Fixed steps:
 * such clients got their tokens at different times, so their renewals do not fall together, and a
 * fixed schedule lets a renewal end exactly at expiry, when the next request renews on its own.
 */
const RENEWAL_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export function renewalBackoffMs(failures: number): number {
  return RENEWAL_BACKOFF_MS[Math.min(Math.max(failures, 1), RENEWAL_BACKOFF_MS.length) - 1] ?? 0;
}
