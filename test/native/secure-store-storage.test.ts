import { describe, expect, it } from 'vitest';
import { AuthConfigError } from 'graphql-jwt-auth-react';
import { secureStoreStorage, type SecureStoreLike } from 'graphql-jwt-auth-react/native';

/** expo-secure-store's async API over a map, refusing a value over `limit` UTF-8 bytes as a strict keychain would. */
function keychain(limit = 2048) {
  const items = new Map<string, string>();
  const store: SecureStoreLike = {
    getItemAsync: (key) => Promise.resolve(items.get(key) ?? null),
    setItemAsync: (key, value) => {
      if (Buffer.byteLength(value) > limit) return Promise.reject(new Error(`${key}: ${String(Buffer.byteLength(value))} bytes`));
      items.set(key, value);
      return Promise.resolve();
    },
    deleteItemAsync: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
  };
  return { store, items };
}

// A JWT with roles and permissions and a non-ASCII name: over 2048 bytes, with characters of 2 to 4 bytes at the cuts.
const LONG = `{"token":"${'eyJhbGciOiJIUzI1NiJ9.'.repeat(150)}","name":"Zoë 🔐 ${'é'.repeat(700)}"}`;

describe('secureStoreStorage', () => {
  it('keeps a value over 2048 bytes in parts of at most 2048 bytes and reads it back whole', async () => {
    const { store, items } = keychain();
    const storage = secureStoreStorage(store);
    await storage.setItem('graphql-jwt-auth', LONG);
    expect(items.size).toBeGreaterThan(2);
    expect(await storage.getItem('graphql-jwt-auth')).toBe(LONG);
  });

  it('leaves no part of a longer value behind when a shorter one replaces it, and none after removeItem', async () => {
    const { store, items } = keychain();
    const storage = secureStoreStorage(store);
    await storage.setItem('k', LONG);
    await storage.setItem('k', 'short');
    expect([...items.keys()].sort()).toEqual(['k', 'k.0']);
    expect(await storage.getItem('k')).toBe('short');
    await storage.removeItem('k');
    expect(items.size).toBe(0);
    expect(await storage.getItem('k')).toBeNull();
  });

  it('reads nothing, never half a token, when a part is missing or the entry is not its own', async () => {
    const { store, items } = keychain();
    const storage = secureStoreStorage(store);
    await storage.setItem('k', LONG);
    items.delete('k.1');
    expect(await storage.getItem('k')).toBeNull();
    items.set('k', 'a value written by something else');
    expect(await storage.getItem('k')).toBeNull();
  });

  it('refuses a part size that cannot hold a character: a typed AuthConfigError', () => {
    expect(() => secureStoreStorage(keychain().store, { maxValueBytes: 3 })).toThrow(AuthConfigError);
    expect(() => secureStoreStorage(keychain().store, { maxValueBytes: Number.NaN })).toThrow(/maxValueBytes must be a whole number ≥ 4, got NaN/);
  });
});
