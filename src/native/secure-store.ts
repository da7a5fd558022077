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
/**
 * The most parts the adapter writes (64 KiB at the default part size, four times what Node accepts
 * in a request's headers, so no token that can be sent is refused). It bounds a read too: the header
 * is data on the device, and a count the adapter could not have written (`parts:4294967295`) would
 * otherwise cost one keychain call per part, or never end, before the app's first request.
 */
const MAX_PARTS = 32;
/** Exactly what `setItem` writes: a count from 1 up, in decimal, with no sign, space or leading zero. */
const HEADER_PATTERN = /^parts:([1-9][0-9]?)$/;

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

/** The count a header written by `setItem` holds, or null for anything else: a bad header is a miss. */
function partCount(header: string | null): number | null {
  const digits = header === null ? undefined : HEADER_PATTERN.exec(header)?.[1];
  if (digits === undefined) return null;
  const count = Number(digits);
  return count <= MAX_PARTS ? count : null;
}

/**
 * The keychain (iOS) or Keystore-encrypted preferences (Android) through expo-secure-store, as a
 * storage for `sessionPersistence({ storage: secureStoreStorage(SecureStore) })`. A JWT with its
 * claims easily passes the 2048 bytes SecureStore has warned about, so a value is kept in parts under
 * `key.0`, `key.1`, … and `key` says how many: a read that misses a part reads nothing (the client
 * then asks `/v1/auth`), never half a token. At most 32 parts: a longer value is refused (the
 * entry is removed and the write rejects, so the next launch asks `/v1/auth`), and a header that
 * counts more, or that `setItem` could not have written, reads as nothing. The storage key may hold
 * only letters, digits, `.`, `-` and `_`, as SecureStore requires.
 */
export function secureStoreStorage(secureStore: SecureStoreLike, options: SecureStoreStorageOptions = {}): StateStorage {
  const maxBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes < 4) throw new AuthConfigError(`maxValueBytes must be a whole number ≥ 4, got ${String(maxBytes)}`);
  const partKey = (key: string, index: number) => `${key}.${String(index)}`;
  const removeParts = async (key: string, from: number, to: number) => {
    for (let index = from; index < to; index += 1) await secureStore.deleteItemAsync(partKey(key, index));
  };
  /** Past a header it cannot read, the adapter cannot know which parts exist: it removes every part it could have written. */
  const partsToRemove = (header: string | null) => (header === null ? 0 : (partCount(header) ?? MAX_PARTS));
  const removeItem = async (key: string) => {
    const count = partsToRemove(await secureStore.getItemAsync(key));
    await secureStore.deleteItemAsync(key);
    await removeParts(key, 0, count);
  };
  return {
    async getItem(key) {
      const count = partCount(await secureStore.getItemAsync(key));
      if (count === null) return null;
      const parts = await Promise.all(Array.from({ length: count }, (_, index) => secureStore.getItemAsync(partKey(key, index))));
      return parts.every((part) => part !== null) ? parts.join('') : null;
    },
    async setItem(key, value) {
      const parts = split(value, maxBytes);
      if (parts.length > MAX_PARTS) {
        // The older value goes too: the next launch asks `/v1/auth` rather than reading a token this one replaced.
        await removeItem(key);
        throw new RangeError(
          `the value needs ${String(parts.length)} parts of at most ${String(maxBytes)} bytes; secureStoreStorage keeps at most ${String(MAX_PARTS)}`,
        );
      }
      const previous = partsToRemove(await secureStore.getItemAsync(key));
      // The header goes first: while the parts are rewritten, a read finds no header and reads nothing.
      await secureStore.deleteItemAsync(key);
      for (const [index, part] of parts.entries()) await secureStore.setItemAsync(partKey(key, index), part);
      await secureStore.setItemAsync(key, `${HEADER}${String(parts.length)}`);
      await removeParts(key, parts.length, previous);
    },
    removeItem,
  };
}
