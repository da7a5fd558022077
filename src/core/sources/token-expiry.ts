/** The service's documented token lifetime, assumed for tokens whose expiry cannot be read. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface TokenExpiry {
  /** Epoch ms by our clock. */
  expiresAt: number;
  /** How long the token lives from the moment we asked for it; bounds the refresh margin. */
  lifetimeMs: number;
  /** With `iat`: how far our clock is taken to be ahead of the issuer's (negative: behind). */
  issuerOffsetMs?: number;
  /** True when the token says nothing usable of its expiry and the documented hour is assumed. */
  assumed?: true;
}

/** base64url's alphabet; `+` and `/` of plain base64 are read too, as the issuers' encoders vary. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * base64url to text with neither `atob` nor `TextDecoder`, which Hermes lacks without Expo's
 * polyfills (bare React Native): the bits are regrouped by hand and the UTF-8 bytes read by
 * `decodeURIComponent`, which every engine has and which refuses a malformed sequence.
 */
function decodeBase64Url(segment: string): string {
  let bits = 0;
  let held = 0;
  let escaped = '';
  for (const char of segment.replace(/=+$/, '')) {
    const value = char === '+' ? 62 : char === '/' ? 63 : ALPHABET.indexOf(char);
    if (value < 0) throw new SyntaxError('not base64url');
    bits = ((bits << 6) | value) & 0xffff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      escaped += `%${((bits >> held) & 0xff).toString(16).padStart(2, '0')}`;
    }
  }
  return decodeURIComponent(escaped);
}

/** Reads a JWT's claims without checking its signature (the server does that); null when not a JWT. */
export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
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
  if (exp !== null && iat === null && exp > requestedAt) return { expiresAt: exp, lifetimeMs: exp - requestedAt };
  expiresAt = requestedAt + TOKEN_LIFETIME_MS;
  return { expiresAt, lifetimeMs: TOKEN_LIFETIME_MS, assumed: true };
}
