// A demo session: an HttpOnly cookie holding its expiry and an HMAC of it. Stands in for your app's
// own sign-in; authorizeRequest and the pages only ask "is this a signed-in user?".
import 'server-only';

// `__Host-`: Secure, Path=/ and no Domain, so only this host can set it; a sibling subdomain cannot
// toss in a session of its own. Browsers take a Secure cookie from https and from http://localhost
// or 127.0.0.1 (Chromium does; a browser that does not needs https in development too).
export const SESSION_COOKIE = '__Host-demo_session';
const SESSION_SECONDS = 60 * 60;
const encoder = new TextEncoder();

let hmacKey: Promise<CryptoKey> | undefined;

function sessionKey(): Promise<CryptoKey> {
  const secret = process.env.SESSION_SECRET ?? '';
  // Refusing to start beats a guessable default that would sign anyone in.
  if (secret.length < 16) throw new Error('Set SESSION_SECRET (16 characters or more; `openssl rand -hex 32` makes one) in .env.local or the environment');
  hmacKey ??= crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return hmacKey;
}

// Plain Web APIs (no Buffer): the edge route handlers check sessions with this module too.
const toHex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/** The Set-Cookie value for a new session. */
export async function newSessionCookie(): Promise<string> {
  const expires = String(Math.floor(Date.now() / 1000) + SESSION_SECONDS);
  const signature = toHex(await crypto.subtle.sign('HMAC', await sessionKey(), encoder.encode(expires)));
  return `${SESSION_COOKIE}=${expires}.${signature}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${SESSION_SECONDS}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`;
}

/** True for a cookie value this server signed that has not expired. */
export async function isValidSession(value: string | undefined): Promise<boolean> {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(value ?? '');
  if (!match) return false;
  const [, expires = '', signature = ''] = match;
  if (Number(expires) * 1000 <= Date.now()) return false;
  // subtle.verify compares in constant time.
  return crypto.subtle.verify('HMAC', await sessionKey(), fromHex(signature), encoder.encode(expires));
}

/**
 * The value of the one session cookie in a Cookie header. Two of them is no session, never one picked
 * from the two. Read from the header, not `cookies()`, which keeps one value per name.
 */
export function sessionCookieIn(header: string | null): string | undefined {
  const values = (header ?? '').split(';').flatMap((part) => {
    const [name, ...value] = part.trim().split('=');
    return name === SESSION_COOKIE ? [value.join('=')] : [];
  });
  return values.length === 1 ? values[0] : undefined;
}

/** The handlers' authorizeRequest: only a signed-in user's browser gets tokens or GraphQL results. */
export function hasSession(request: Request): Promise<boolean> {
  return isValidSession(sessionCookieIn(request.headers.get('cookie')));
}
