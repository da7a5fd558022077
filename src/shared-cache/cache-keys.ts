import { AuthConfigError } from '../core/errors/index.js';
import { toHex } from '../core/sources/digest.js';

const encoder = new TextEncoder();

/** The fewest bytes a secret of the shared cache may carry. */
export const MIN_SECRET_BYTES = 32;

/**
 * PBKDF2 for passphrases: 100 000 rounds of SHA-256 are the most Cloudflare Workers' Web Crypto
 * allows, so one derivation works on every runtime the cache runs on. The salt is fixed and public:
 * every process of a deployment must derive the same key, and the passphrase is the secret.
 */
const PASSPHRASE_ROUNDS = 100_000;
const PASSPHRASE_SALT = encoder.encode('graphql-jwt-auth-react shared token cache v2');

const HEX_KEY = /^[0-9a-f]{64}$/i;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}={0,1}$/;

/** Only ever given what BASE64_KEY matched: atob takes it padded or not, so nothing here can fail. */
const fromBase64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

/** Only ever given what HEX_KEY matched: 64 hex digits. */
const fromHex = (text: string) => Uint8Array.from({ length: MIN_SECRET_BYTES }, (_, index) => parseInt(text.slice(index * 2, index * 2 + 2), 16));

/**
 * The 32 bytes a secret option stands for: a key of 32 random bytes written as hex or base64 (what
 * `openssl rand -hex 32` or `-base64 32` prints) as is, or a passphrase of at least 32 characters
 * stretched with PBKDF2. Anything shorter is refused at start-up: an empty or short secret would make
 * sealed values open to offline guessing while looking protected.
 */
export function readSecret(option: 'encryptionKey' | 'keySecret', value: unknown): Promise<CryptoKey> {
  if (typeof value !== 'string' || value.length < MIN_SECRET_BYTES) {
    const got = typeof value === 'string' ? `${value.length} characters` : typeof value;
    throw new AuthConfigError(
      `${option} must be 32 random bytes as hex or base64 (openssl rand -base64 32), or a passphrase of at least ${MIN_SECRET_BYTES} characters; got ${got}`,
    );
  }
  // 64 hex digits and 43 base64 digits (padded or not) are each exactly 32 bytes.
  const raw = HEX_KEY.test(value) ? fromHex(value) : BASE64_KEY.test(value) ? fromBase64(value) : null;
  if (raw !== null) return crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey', 'deriveBits']);
  return (async () => {
    const passphrase = await crypto.subtle.importKey('raw', encoder.encode(value), 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: PASSPHRASE_SALT, iterations: PASSPHRASE_ROUNDS }, passphrase, 256);
    return crypto.subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey', 'deriveBits']);
  })();
}

/** A key for one purpose, derived from the secret (HKDF): the same secret never serves two. */
export async function deriveKey(
  secret: Promise<CryptoKey>,
  purpose: string,
  algorithm: AesKeyGenParams | HmacKeyGenParams,
  usages: KeyUsage[],
): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(`graphql-jwt-auth-react token cache v2: ${purpose}`) },
    await secret,
    algorithm,
    false,
    usages,
  );
}

export async function hmacHex(key: Promise<CryptoKey>, text: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await key, encoder.encode(text)));
}
