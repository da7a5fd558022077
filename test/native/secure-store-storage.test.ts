import { describe, expect, it } from 'vitest';
import { AuthConfigError } from 'graphql-jwt-auth-react';
import { secureStoreStorage, type SecureStoreLike } from 'graphql-jwt-auth-react/native';

/** expo-secure-store's async API over a map, refusing a value over `limit` UTF-8 bytes as a strict keychain would. */
function keychain(limit = 2048) {
  const items = new Map<string, string>();
  // Every call the keychain answers: on a phone each one is a trip to the keychain service.
  const calls = { value: 0 };
  const store: SecureStoreLike = {
    getItemAsync: (key) => {
      calls.value += 1;
      return Promise.resolve(items.get(key) ?? null);
    },
    setItemAsync: (key, value) => {
      calls.value += 1;
      if (Buffer.byteLength(value) > limit) return Promise.reject(new Error(`${key}: ${String(Buffer.byteLength(value))} bytes`));
      items.set(key, value);
      return Promise.resolve();
    },
    deleteItemAsync: (key) => {
      calls.value += 1;
      items.delete(key);
      return Promise.resolve();
    },
  };
  return { store, items, calls };
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

  it('takes a header it could not have written for a miss, at one keychain call, and cleans up after it at a bounded cost', async () => {
    const { store, items, calls } = keychain();
    const storage = secureStoreStorage(store);
    // The adapter writes at most 32 parts, as a decimal count with no sign, space, exponent or leading zero.
    for (const header of [
      'parts:4294967295',
      'parts:1000000',
      'parts:33',
      'parts:1e1',
      'parts:0x10',
      'parts: 2',
      'parts:02',
      'parts:0',
      'parts:-1',
      'parts:',
      'oldparts:2',
    ]) {
      items.clear();
      items.set('k', header);
      items.set('k.0', 'a');
      items.set('k.1', 'b');
      calls.value = 0;
      expect(await storage.getItem('k'), header).toBeNull();
      expect(calls.value, header).toBe(1);
      // Replacing or removing the entry deletes at most the parts the adapter could have written.
      calls.value = 0;
      await storage.setItem('k', 'short');
      expect(calls.value, header).toBeLessThanOrEqual(1 + 1 + 1 + 1 + 32);
      expect(await storage.getItem('k')).toBe('short');
      items.set('k', header);
      calls.value = 0;
      await storage.removeItem('k');
      expect(calls.value, header).toBeLessThanOrEqual(1 + 1 + 32);
      expect(items.size, header).toBe(0);
    }
  });

  it('writes, replaces and removes at one keychain call per key it touches: no part is deleted that was never written', async () => {
    const { store, calls } = keychain(8);
    const storage = secureStoreStorage(store, { maxValueBytes: 4 });
    // Read the header, delete it, write 3 parts, write the header: nothing was stored before.
    await storage.setItem('k', 'x'.repeat(12));
    expect(calls.value).toBe(1 + 1 + 3 + 1);
    // The same, then delete the 2 parts the shorter value leaves over.
    calls.value = 0;
    await storage.setItem('k', 'y');
    expect(calls.value).toBe(1 + 1 + 1 + 1 + 2);
    // Read the header, delete it and the one part.
    calls.value = 0;
    await storage.removeItem('k');
    expect(calls.value).toBe(1 + 1 + 1);
    // Nothing stored: read the header and delete it.
    calls.value = 0;
    await storage.removeItem('k');
    expect(calls.value).toBe(1 + 1);
  });

  it.each([
    ['U+007F', 1, '\u007f'],
    ['U+0080', 2, '\u0080'],
    ['U+07FF', 2, '\u07ff'],
    ['U+0800', 3, '\u0800'],
    ['U+FFFF', 3, '\uffff'],
    ['U+10000', 4, '\u{10000}'],
    ['U+10FFFF', 4, '\u{10ffff}'],
  ])('counts %s at its UTF-8 length (%i bytes): 32 parts filled to maxValueBytes fit, none over it', async (_label, bytes, char) => {
    // 12 bytes hold a whole number of characters of every width.
    const { store, items } = keychain(12);
    const storage = secureStoreStorage(store, { maxValueBytes: 12 });
    const value = char.repeat((32 * 12) / bytes);
    expect(Buffer.byteLength(value)).toBe(32 * 12);
    await storage.setItem('k', value);
    expect(items.get('k')).toBe('parts:32');
    expect(await storage.getItem('k')).toBe(value);
  });

  it('keeps a value of up to 32 parts and refuses a longer one, leaving no older value behind', async () => {
    const { store, items } = keychain(8); // room for the header `parts:32`
    const storage = secureStoreStorage(store, { maxValueBytes: 4 });
    const fits = 'x'.repeat(32 * 4);
    await storage.setItem('k', fits);
    expect(await storage.getItem('k')).toBe(fits);
    await expect(storage.setItem('k', `${fits}y`)).rejects.toThrow(/needs 33 parts of at most 4 bytes; secureStoreStorage keeps at most 32/);
    expect(items.size).toBe(0);
    expect(await storage.getItem('k')).toBeNull();
  });

  it('refuses a part size that cannot hold a character: a typed AuthConfigError', () => {
    expect(() => secureStoreStorage(keychain().store, { maxValueBytes: 3 })).toThrow(AuthConfigError);
    expect(() => secureStoreStorage(keychain().store, { maxValueBytes: Number.NaN })).toThrow(/maxValueBytes must be a whole number ≥ 4, got NaN/);
  });
});
