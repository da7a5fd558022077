import type { CachedToken, TokenCache, TokenCacheTiming } from '../core/sources/token-cache.js';
import { encryptingSealer, plainSealer } from '../redis/sealed-value.js';
import type { StringStore } from './string-store.js';

export interface SealedTokenCacheOptions extends TokenCacheTiming {
  /** Encrypts and authenticates each stored entry (AES-GCM); every process needs the same key. */
  encryptionKey?: string;
  /** Prepended to every name; default "graphql-jwt-auth-react:". */
  keyPrefix?: string;
}

/**
 * A TokenCache over any StringStore: one entry and one renewal lease per identity tag (never the API
 * key); entries are `<tag>.<payload>`, so compare-and-set matches the token it replaces whatever the
 * payload, and the payload is sealed to its name when `encryptionKey` is set.
 */
export function sealedTokenCache(store: StringStore, options: SealedTokenCacheOptions = {}): TokenCache {
  const { encryptionKey, keyPrefix = 'graphql-jwt-auth-react:', ...timing } = options;
  const sealer = encryptionKey === undefined ? plainSealer() : encryptingSealer(encryptionKey);
  const tokenName = (identity: string) => `${keyPrefix}token:${identity}`;
  const leaseName = (identity: string) => `${keyPrefix}lease:${identity}`;
  const seal = (identity: string, entry: CachedToken) => sealer.seal(entry, tokenName(identity));

  return {
    async read(identity) {
      const stored = await store.get(tokenName(identity));
      if (stored === null) return null;
      return (await sealer.open(stored, tokenName(identity))) as CachedToken | null;
    },
    async write(identity, entry, ttlMs) {
      await store.set(tokenName(identity), await seal(identity, entry), ttlMs);
    },
    async compareAndSet(identity, expected, entry, ttlMs) {
      const [tag, value] = await Promise.all([sealer.tagOf(expected), seal(identity, entry)]);
      return store.replaceIfTagged(tokenName(identity), tag, value, ttlMs);
    },
    takeLease: (identity, owner, leaseMs) => store.setIfAbsent(leaseName(identity), owner, leaseMs),
    releaseLease: (identity, owner) => store.deleteIfEquals(leaseName(identity), owner),
    timing,
  };
}
