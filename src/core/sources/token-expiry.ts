/** The service's documented token lifetime, assumed for tokens whose expiry cannot be read. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface TokenExpiry {
  /** Epoch ms by our clock. */
  expiresAt: number;
  /** How long the token lives from the moment we asked for it; bounds the refresh margin. */
  lifetimeMs: number;
  /** With `iat`: how far our clock is taken to be ahead of the issuer's (negative: behind). */
  issuerOffsetMs?: number;
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

/** `iat` is whole seconds: the issue may have happened up to this much later than it says. */
const IAT_ROUNDING_MS = 1_000;

/**
 * When the token expires by our clock. `requestedAt` is when we sent the `/v1/auth` request, by our
 * clock. With `iat`, our clock's offset from the issuer's is estimated the way Amplify does it: the
 * token was issued no earlier than we asked, so it lives `exp − iat` from `requestedAt`, less
 * `iat`'s rounding. This holds with a client clock hours off, where reading `exp` against our own
 * clock would renew hours early (every request re-authenticating) or hours late (every request
 * answered "expired"). Without `iat`, `exp` is read against our clock when it lies ahead; failing
 * that the documented hour applies.
 */
export function readTokenExpiry(token: string, requestedAt: number): TokenExpiry {
  const claims = decodeJwtClaims(token);
  const exp = finiteSeconds(claims?.exp);
  const iat = finiteSeconds(claims?.iat);
  let expiresAt: number;
  if (exp !== null && iat !== null && exp > iat) {
    const lifetime = exp - iat;
    expiresAt = requestedAt + lifetime - Math.min(IAT_ROUNDING_MS, lifetime / 2);
    return { expiresAt, lifetimeMs: expiresAt - requestedAt, issuerOffsetMs: expiresAt - exp };
  }
  if (exp !== null && iat === null && exp > requestedAt) expiresAt = exp;
  else expiresAt = requestedAt + TOKEN_LIFETIME_MS;
  return { expiresAt, lifetimeMs: expiresAt - requestedAt };
}
