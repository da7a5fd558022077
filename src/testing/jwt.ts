import { base64urlDecode, base64urlEncode } from './base64url.ts';

/** Registered claims the mock service issues; extra claims ride along untouched. */
export interface JwtClaims {
  readonly sub: string;
  /** Issued-at, seconds since the epoch. */
  readonly iat: number;
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
  readonly jti: string;
  readonly [claim: string]: unknown;
}

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const HMAC_SHA256 = { name: 'HMAC', hash: 'SHA-256' } as const;
const encoder = new TextEncoder();

// Web Crypto, not node:crypto, so one implementation serves the browser (MSW) and Node.
const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), HMAC_SHA256, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

function parseJsonObject(segment: string): Record<string, unknown> | null {
  const bytes = base64urlDecode(segment);
  if (bytes === null) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  const header = base64urlEncode(JSON.stringify(HEADER));
  const signingInput = `${header}.${base64urlEncode(JSON.stringify(claims))}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(signingInput));
  return `${signingInput}.${base64urlEncode(new Uint8Array(signature))}`;
}

/** Reads the claims without checking the signature (what a client may do to learn `exp`). */
export function decodeJwt(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  return parts.length === 3 ? parseJsonObject(parts[1] ?? '') : null;
}

/**
 * Resolves to the claims when the token is a well-formed HS256 JWT signed with `secret`, else null.
 * Expiry is deliberately not checked here: the service decides it with its own (injectable) clock.
 */
export async function verifyJwt(token: string, secret: string): Promise<JwtClaims | null> {
  const [header, payload, signature, ...rest] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined || rest.length > 0) {
    return null;
  }
  // Pinning alg defeats the classic "alg: none" downgrade.
  if (parseJsonObject(header)?.alg !== HEADER.alg) return null;
  const actual = base64urlDecode(signature);
  if (actual === null) return null;
  // subtle.verify compares in constant time.
  const key = await hmacKey(secret);
  if (!(await crypto.subtle.verify('HMAC', key, actual, encoder.encode(`${header}.${payload}`)))) return null;
  const claims = parseJsonObject(payload);
  if (claims === null || typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.iat !== 'number' || typeof claims.exp !== 'number') {
    return null;
  }
  return claims as JwtClaims;
}
