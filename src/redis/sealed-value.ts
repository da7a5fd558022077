import type { CachedToken } from '../core/sources/token-cache.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const toHex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * How an entry is stored: `<tag>.<payload>`. The tag names the token without revealing it (an
 * HMAC, or a SHA-256 without a key), so the compare-and-set script can match the token it replaces
 * whatever the payload; the payload is the entry as JSON, or with an encryption key, AES-GCM
 * ciphertext bound to the Redis key it is stored under (a copy under another key does not open).
 */
export interface ValueSealer {
  tagOf: (token: string) => Promise<string>;
  seal: (entry: CachedToken, storedUnder: string) => Promise<string>;
  /** The entry, or whatever was stored if it cannot be read (the caller validates it). */
  open: (stored: string, storedUnder: string) => Promise<unknown>;
}

const IV_BYTES = 12;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const payloadOf = (stored: string) => stored.slice(stored.indexOf('.') + 1);

export function plainSealer(): ValueSealer {
  return {
    tagOf: async (token) => toHex(await crypto.subtle.digest('SHA-256', encoder.encode(token))),
    seal: async (entry) => `${toHex(await crypto.subtle.digest('SHA-256', encoder.encode(entry.token)))}.${JSON.stringify(entry)}`,
    open: (stored) => Promise.resolve(parse(payloadOf(stored))),
  };
}

/** Two keys derived from the one secret (HKDF): one encrypts, one tags. */
export function encryptingSealer(encryptionKey: string): ValueSealer {
  const material = crypto.subtle.importKey('raw', encoder.encode(encryptionKey), 'HKDF', false, ['deriveKey']);
  const derive = async (info: string, algorithm: AesKeyGenParams | HmacKeyGenParams, usages: KeyUsage[]) =>
    crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(info) },
      await material,
      algorithm,
      false,
      usages,
    );
  const aesKey = derive('graphql-jwt-auth-react token cache: value', { name: 'AES-GCM', length: 256 }, ['encrypt', 'decrypt']);
  const tagKey = derive('graphql-jwt-auth-react token cache: tag', { name: 'HMAC', hash: 'SHA-256' }, ['sign']);
  const tagOf = async (token: string) => toHex(await crypto.subtle.sign('HMAC', await tagKey, encoder.encode(token)));

  return {
    tagOf,
    async seal(entry, storedUnder) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(storedUnder) },
        await aesKey,
        encoder.encode(JSON.stringify(entry)),
      );
      const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
      bytes.set(iv);
      bytes.set(new Uint8Array(sealed), IV_BYTES);
      return `${await tagOf(entry.token)}.${toBase64(bytes)}`;
    },
    async open(stored, storedUnder) {
      try {
        const bytes = fromBase64(payloadOf(stored));
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: encoder.encode(storedUnder) },
          await aesKey,
          bytes.slice(IV_BYTES),
        );
        return parse(decoder.decode(plain));
      } catch {
        return null; // tampered, garbled or sealed with another key: no entry
      }
    },
  };
}
