import { createHmac, timingSafeEqual } from 'node:crypto';

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

export function base64urlEncode(input: string | Uint8Array): string {
  return Buffer.from(input).toString('base64url');
}

export function base64urlDecode(input: string): Buffer {
  return Buffer.from(input, 'base64url');
}

/** Strict check first: Buffer's base64url decoder silently skips invalid characters. */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function hmac(signingInput: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

function parseJsonObject(segment: string): Record<string, unknown> | null {
  if (!BASE64URL.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(base64urlDecode(segment).toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = base64urlEncode(JSON.stringify(HEADER));
  const signingInput = `${header}.${base64urlEncode(JSON.stringify(claims))}`;
  return `${signingInput}.${base64urlEncode(hmac(signingInput, secret))}`;
}

/** Reads the claims without checking the signature (what a client may do to learn `exp`). */
export function decodeJwt(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  return parts.length === 3 ? parseJsonObject(parts[1] ?? '') : null;
}

/**
 * Returns the claims when the token is a well-formed HS256 JWT signed with `secret`, else null.
 * Expiry is deliberately not checked here: the service decides it with its own (injectable) clock.
 */
export function verifyJwt(token: string, secret: string): JwtClaims | null {
  const [header, payload, signature, ...rest] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined || rest.length > 0) {
    return null;
  }
  const parsedHeader = parseJsonObject(header);
  // Pinning alg defeats the classic "alg: none" downgrade.
  if (parsedHeader?.alg !== HEADER.alg) return null;
  if (!BASE64URL.test(signature)) return null;
  const expected = hmac(`${header}.${payload}`, secret);
  const actual = base64urlDecode(signature);
  // timingSafeEqual throws on length mismatch, and the length itself leaks nothing secret.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const claims = parseJsonObject(payload);
  if (
    claims === null ||
    typeof claims.sub !== 'string' ||
    typeof claims.jti !== 'string' ||
    typeof claims.iat !== 'number' ||
    typeof claims.exp !== 'number'
  ) {
    return null;
  }
  return claims as JwtClaims;
}
