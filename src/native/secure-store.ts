import type { StateStorage } from 'zustand/middleware';
import { AuthConfigError } from '../core/errors/index.js';

/** What secureStoreStorage uses of expo-secure-store. */
export interface SecureStoreLike {
  getItemAsync: (key: string) => Promise<string | null>;
  setItemAsync: (key: string, value: string) => Promise<void>;
  deleteItemAsync: (key: string) => Promise<void>;
}

export interface SecureStoreStorageOptions {
  /** The most UTF-8 bytes kept under one key; default 2048, the limit SecureStore documented. */
  maxValueBytes?: number;
}

const DEFAULT_MAX_VALUE_BYTES = 2048;
/** `key` holds this and the number of parts; the parts are under `key.0`, `key.1`, … */
const HEADER = 'parts:';

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Cuts between code points, so each part is valid UTF-8 of at most `maxBytes` bytes. */
function split(value: string, maxBytes: number): string[] {
  const parts: string[] = [];
  let part = '';
  let bytes = 0;
  for (const char of value) {
    const length = utf8Length(char.codePointAt(0) ?? 0);
    if (bytes + length > maxBytes) {
      parts.push(part);
      part = '';
      bytes = 0;
    }
    part += char;
    bytes += length;
  }
  return [...parts, part];
}

function partCount(header: string | null): number | null {
  if (header?.startsWith(HEADER) !== true) return null;
  const count = Number(header.slice(HEADER.length));
  return Number.isInteger(count) && count > 0 ? count : null;
}

/**
 * The keychain (iOS) or Keystore-encrypted preferences (Android) through expo-secure-store, as a
 * storage for `sessionPersistence({ storage: secureStoreStorage(SecureStore) })`. A JWT with its
 * claims easily passes the 2048 bytes SecureStore has warned about, so a value is kept in parts under
 * `key.0`, `key.1`, … and `key` says how many: a read that misses a part reads nothing (the client
 * then asks `/v1/auth`), never half a token. The storage key may hold only letters, digits, `.`, `-`
 * and `_`, as SecureStore requires.
 */
export function secureStoreStorage(secureStore: SecureStoreLike, options: SecureStoreStorageOptions = {}): StateStorage {
  const maxBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes < 4) throw new AuthConfigError(`maxValueBytes must be a whole number ≥ 4, got ${String(maxBytes)}`);
  const partKey = (key: string, index: number) => `${key}.${String(index)}`;
  const removeParts = async (key: string, from: number, to: number) => {
    for (let index = from; index < to; index += 1) await secureStore.deleteItemAsync(partKey(key, index));
  };
  return {
    async getItem(key) {
      const count = partCount(await secureStore.getItemAsync(key));
      if (count === null) return null;
      const parts = await Promise.all(Array.from({ length: count }, (_, index) => secureStore.getItemAsync(partKey(key, index))));
      return parts.every((part) => part !== null) ? parts.join('') : null;
    },
    async setItem(key, value) {
      const previous = partCount(await secureStore.getItemAsync(key)) ?? 0;
      const parts = split(value, maxBytes);
      // The header goes first: while the parts are rewritten, a read finds no header and reads nothing.
      await secureStore.deleteItemAsync(key);
      for (const [index, part] of parts.entries()) await secureStore.setItemAsync(partKey(key, index), part);
      await secureStore.setItemAsync(key, `${HEADER}${String(parts.length)}`);
      await removeParts(key, parts.length, previous);
    },
    async removeItem(key) {
      const count = partCount(await secureStore.getItemAsync(key)) ?? 0;
      await secureStore.deleteItemAsync(key);
      await removeParts(key, 0, count);
    },
  };
}
