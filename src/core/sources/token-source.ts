/**
 * sources/: where tokens come from. The `TokenSource` seam (this file), the API-key exchange at
 * `/v1/auth` and the reading of its answers (auth-endpoint.ts), the app's token endpoint, the regions
 * and their discovery, the shared `TokenCache` seam with its guard, and what a token says of itself
 * (token-expiry.ts, usable-token.ts). It may import wire/ and errors/ only.
 */
import type { AuthError } from '../errors/index.js';

/** A token as its source hands it over; the session reads its expiry. */
export interface IssuedToken {
  token: string;
  /** The region whose GraphQL endpoint accepts it, and the only one it is sent to. */
  region: string;
  /**
   * When a shared token expires and when it was obtained, as its first holder read them (a token
   * cache). Without them the session reads the expiry from the token, counted from its own request:
   * for a token obtained elsewhere earlier, that would place the expiry too late.
   */
  expiresAt?: number;
  receivedAt?: number;
  /**
   * Handed over by another holder (a token cache's entry), obtained before this request asked: the
   * service may have refused it already, so an expired answer to it earns one more renewal.
   */
  secondHand?: boolean;
  /** Whose data it reaches, as a tenant-aware token endpoint said (see SharedSession). */
  scope?: string | undefined;
}

/**
 * Where tokens come from: the one seam between the session (single flight, expiry, renewal, tabs,
 * persistence, sign-out) and the ways a token can be obtained. The session never knows which.
 */
/** Why a token is asked for: none yet, the one held fell due, a renewal asked for, or an expired answer. */
export type ExchangeReason = 'first' | 'due' | 'forced' | 'expired';

export interface TokenSource {
  /**
   * Obtains a new token. `replacing` is the token the caller wants replaced (expired or refused),
   * or null when there is none; a source that mediates through a backend passes it on.
   */
  obtain: (replacing: string | null, why?: ExchangeReason) => Promise<IssuedToken>;
  /** A failure that is not already an AuthError, as the one the caller sees. */
  toAuthError: (error: unknown) => AuthError;
  /** The session settled in `region` (a token from storage, another tab or this source). */
  settledIn: (region: string) => void;
}
