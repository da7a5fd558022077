import { readTokenExpiry } from '../sources/token-expiry.js';

/** How much older than our request a token's `iat` may look from rounding and a slow answer alone. */
const SAME_ISSUE_TOLERANCE_MS = 5_000;

/**
 * What a session learns of the issuer's clock from the tokens it asks for. readTokenExpiry takes a
 * token to be issued no earlier than it was asked for; a token a caching gateway hands out again
 * has an older `iat`, and read that way would live a whole lifetime from the request, well past
 * its real end. The least offset any token implied is kept (a fresh token implies the true one, a
 * handed-out-again token a larger one), so such a token expires when it really does.
 */
export function createIssuerClock() {
  /** The least "our clock minus the issuer's" a token so far implied. */
  let leastOffsetMs: number | undefined;
  return {
    /** When `token`, asked for at `requestedAt` and received at `receivedAt` (our clock), expires by our clock. */
    expiryOf(token: string, requestedAt: number, receivedAt: number): number {
      const { expiresAt, issuerOffsetMs } = readTokenExpiry(token, requestedAt);
      if (issuerOffsetMs === undefined) return expiresAt;
      const least = Math.min(leastOffsetMs ?? issuerOffsetMs, issuerOffsetMs);
      leastOffsetMs = least;
      if (issuerOffsetMs - least <= SAME_ISSUE_TOLERANCE_MS) return expiresAt;
      const byLeast = expiresAt - issuerOffsetMs + least;
      // Already over by what earlier tokens taught: our clock was set forward since, so start afresh.
      if (byLeast > receivedAt) return byLeast;
      leastOffsetMs = issuerOffsetMs;
      return expiresAt;
    },
  };
}
