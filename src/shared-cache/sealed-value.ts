import type { CachedToken } from '../core/sources/token-cache.js';
import { sha256Hex } from '../core/sources/digest.js';
import { deriveKey, hmacHex } from './cache-keys.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * How an entry is stored: `<tag>.<payload>`. The tag names the token without revealing it (an
 * HMAC, or a SHA-256 without a key), so compare-and-set can match the token it replaces whatever
 * the payload; the payload is the entry as JSON, or with an encryption key, AES-GCM ciphertext
 * bound to the name it is stored under (a copy under another name does not open).
 */
export interface ValueSealer {
  tagOf: (token: string) => Promise<string>;
  /** A token entry, tagged by its token. */
  seal: (entry: CachedToken, storedUnder: string) => Promise<string>;
  /** The entry, or whatever was stored if it cannot be read (the caller validates it). */
  open: (stored: string, storedUnder: string) => Promise<unknown>;
}

/** A sealer with a key: it can also seal a value that is no entry, which a writer without the key cannot forge. */
export interface KeyedSealer extends ValueSealer {
  /** Any other value (the farm's hold-off), under a fixed tag, sealed as an entry is. */
  sealTagged: (value: object, tag: string, storedUnder: string) => Promise<string>;
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

/** Without a key: the entry in the clear, its token tagged by SHA-256. Anyone who can write the store chooses the token. */
export function plainSealer(): ValueSealer {
  return {
    tagOf: sha256Hex,
    seal: async (entry) => `${await sha256Hex(entry.token)}.${JSON.stringify(entry)}`,
    open: (stored) => Promise.resolve(parse(payloadOf(stored))),
  };
}

/** Sealed with keys derived from the secret (HKDF): one encrypts and authenticates, one tags. */
export function encryptingSealer(secret: Promise<CryptoKey>): KeyedSealer {
  const aesKey = deriveKey(secret, 'value', { name: 'AES-GCM', length: 256 }, ['encrypt', 'decrypt']);
  const tagKey = deriveKey(secret, 'tag', { name: 'HMAC', hash: 'SHA-256' }, ['sign']);
  const tagOf = (token: string) => hmacHex(tagKey, token);

  async function sealTagged(value: object, tag: string, storedUnder: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(storedUnder) },
      await aesKey,
      encoder.encode(JSON.stringify(value)),
    );
    const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
    bytes.set(iv);
    bytes.set(new Uint8Array(sealed), IV_BYTES);
    return `${tag}.${toBase64(bytes)}`;
  }

  return {
    tagOf,
    seal: async (entry, storedUnder) => sealTagged(entry, await tagOf(entry.token), storedUnder),
    sealTagged,
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
        return null; // tampered, garbled, moved or sealed with another key: no entry
      }
    },
  };
}
