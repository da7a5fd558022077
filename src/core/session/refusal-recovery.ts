/**
 * Where nobody can act on a refused key (a server), a 400/401/403 from `/v1/auth` is a failing state
 * asked again after a backoff, not a final one. Browser clients have none: there a person must act,
 * and InvalidApiKeyError stays until refresh(). Made by the server entries only (given to the token
 * session through the client's Ownership), so browser bundles do not carry it.
 */
export interface RefusalRecovery {
  /** Whether a refused key may be asked again now. */
  due: () => boolean;
  /** Ask again at once: the retry's timer fired, or the app called refresh(). */
  askNow: () => void;
  /** The key was refused: the wait before it is asked again, in ms. */
  refused: () => number;
  /** A token was obtained: the next refusal waits the first wait again. */
  settled: () => void;
}

/** Waits of `waits` (doubling up to the last entry), by the client's clock. */
export function refusalRecovery(waits: readonly number[], now: () => number): RefusalRecovery {
  let retryAt = 0;
  let inARow = 0;
  return {
    due: () => now() >= retryAt,
    askNow() {
      retryAt = 0;
    },
    refused() {
      const waitMs = waits[Math.min(inARow, waits.length - 1)] ?? 0;
      inARow += 1;
      retryAt = now() + waitMs;
      return waitMs;
    },
    settled() {
      inARow = 0;
    },
  };
}
