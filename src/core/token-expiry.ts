/** The service's documented token lifetime, assumed for tokens whose expiry cannot be read. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface TokenExpiry {
  /** Epoch ms by our clock. */
  expiresAt: number;
  /** How long the token lives from the moment we received it; bounds the refresh margin. */
  lifetimeMs: number;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's claims without checking its signature (the server does that); null when not a JWT. */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function finiteSeconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value * 1000 : null;
}

/**
 * Expiry from the `exp` claim when it lies ahead of us. An `exp` already past on arrival means our
 * clock disagrees with the issuer's (the server just issued it): then `exp − iat` is the best
 * lifetime we know, counted from receipt, and failing that the documented hour. Without this, a
 * skewed clock would make every fresh token look expired and every request re-authenticate.
 */
export function readTokenExpiry(token: string, receivedAt: number): TokenExpiry {
  const claims = decodeJwtClaims(token);
  const exp = finiteSeconds(claims?.exp);
  const iat = finiteSeconds(claims?.iat);
  if (exp !== null && exp > receivedAt) return { expiresAt: exp, lifetimeMs: exp - receivedAt };
  const lifetimeMs = exp !== null && iat !== null && exp > iat ? exp - iat : TOKEN_LIFETIME_MS;
  return { expiresAt: receivedAt + lifetimeMs, lifetimeMs };
}
