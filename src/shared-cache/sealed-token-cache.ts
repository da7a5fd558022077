import type { AuthHoldOff, CachedToken, TokenCache, TokenCacheTiming } from '../core/sources/token-cache.js';
import { deriveKey, hmacHex, readSecret } from './cache-keys.js';
import { encryptingSealer, type KeyedSealer, plainSealer } from './sealed-value.js';
import { MAX_TTL_MS, type StringStore } from './string-store.js';

export interface SealedTokenCacheOptions extends TokenCacheTiming {
  /**
   * Encrypts and authenticates each stored entry (AES-GCM) and keys its name (HMAC): 32 random bytes
   * as hex or base64, or a passphrase of at least 32 characters. Every process needs the same one.
   * Without it, anyone who can write to the store chooses the token the processes serve.
   */
  encryptionKey?: string;
  /**
   * Keys the names only (HMAC-SHA-256), where the values need no sealing: same rules as
   * `encryptionKey`, which replaces it when both are given.
   */
  keySecret?: string;
  /** Prepended to every name; default "graphql-jwt-auth-react:". */
  keyPrefix?: string;
  /** Where the one start-up warning goes when neither secret is given; default `console`. */
  logger?: { warn: (message: string) => void };
}

/** The tag of a stored hold-off: it names no token. */
const HOLD_OFF_TAG = 'hold-off';

const UNKEYED_WARNING =
  'graphql-jwt-auth-react: the shared token cache has neither encryptionKey nor keySecret: its names can be checked against guessed API keys offline, and anyone who can write to it chooses the token';

/**
 * A TokenCache over any StringStore: one entry and one renewal lease per identity. Names are an
 * HMAC-SHA-256 of the identity (a SHA-256 of the API key and URLs) under a key derived from the
 * secret; entries are `<tag>.<payload>`, so compare-and-set matches the token it replaces whatever
 * the payload, and the payload is sealed to its name when `encryptionKey` is set.
 */
export function sealedTokenCache(store: StringStore, options: SealedTokenCacheOptions = {}): TokenCache {
  const { encryptionKey, keySecret, keyPrefix = 'graphql-jwt-auth-react:', logger = console, ...timing } = options;
  const sealingSecret = encryptionKey === undefined ? null : readSecret('encryptionKey', encryptionKey);
  const secret = sealingSecret ?? (keySecret === undefined ? null : readSecret('keySecret', keySecret));
  const keyed = sealingSecret === null ? null : encryptingSealer(sealingSecret);
  const sealer = keyed ?? plainSealer();
  if (secret === null) logger.warn(UNKEYED_WARNING);
  const nameKey = secret === null ? null : deriveKey(secret, 'name', { name: 'HMAC', hash: 'SHA-256' }, ['sign']);
  // A token living longer than the store keeps anything is asked for again when its entry lapses.
  const lifeOf = (ttlMs: number) => Math.min(ttlMs, MAX_TTL_MS);
  // The identity's tag in braces is a Redis Cluster hash tag: its entry, lease and hold-off share one
  // slot, so one master holds all three or none (docs/redis.md, "Redis Cluster").
  const nameOf = async (kind: 'token' | 'lease' | 'holdoff', identity: string) =>
    `${keyPrefix}${kind}:{${nameKey === null ? identity : await hmacHex(nameKey, identity)}}`;
  /** What is stored under `name`, opened (the guard validates it), or null. The store reads nothing oversized. */
  const openStored = async (name: string): Promise<unknown> => {
    const stored = await store.get(name);
    return stored === null ? null : sealer.open(stored, name);
  };

  return {
    read: async (identity) => (await openStored(await nameOf('token', identity))) as CachedToken | null,
    async write(identity, entry, ttlMs) {
      const name = await nameOf('token', identity);
      await store.set(name, await sealer.seal(entry, name), lifeOf(ttlMs));
    },
    async compareAndSet(identity, expected, entry, ttlMs) {
      const name = await nameOf('token', identity);
      const [tag, value] = await Promise.all([sealer.tagOf(expected), sealer.seal(entry, name)]);
      return store.replaceIfTagged(name, tag, value, lifeOf(ttlMs));
    },
    takeLease: async (identity, owner, leaseMs) => store.setIfAbsent(await nameOf('lease', identity), owner, lifeOf(leaseMs)),
    releaseLease: async (identity, owner) => {
      await store.deleteIfEquals(await nameOf('lease', identity), owner);
    },
    ...(keyed === null ? {} : sealedHoldOffs(keyed)),
    timing,
  };

  /**
   * The farm's outage hold-off, kept only sealed: nothing is secret in it, but whoever can set it
   * stops every process asking `/v1/auth`. A writer without the key, rewriting a 60 s hold-off every
   * minute, parked a farm for good (cold processes answered 503 and never asked). Without the key
   * there is none: each process backs off on its own, one `/v1/auth` per step per process.
   */
  function sealedHoldOffs(sealed: KeyedSealer): Pick<TokenCache, 'holdOff' | 'readHoldOff'> {
    return {
      async holdOff(identity, holdOff, ttlMs) {
        const name = await nameOf('holdoff', identity);
        await store.set(name, await sealed.sealTagged(holdOff, HOLD_OFF_TAG, name), lifeOf(ttlMs));
      },
      readHoldOff: async (identity) => (await openStored(await nameOf('holdoff', identity))) as AuthHoldOff | null,
    };
  }
}
