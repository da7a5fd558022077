import type { CachedToken, TokenCache, TokenCacheTiming } from '../core/sources/token-cache.js';
import { encryptingSealer, plainSealer } from './sealed-value.js';

/**
 * The few node-redis (`redis` ≥ 5) client methods used, so this entry imports nothing from it.
 * Create the client with `disableOfflineQueue: true`: otherwise commands wait in its queue while
 * Redis is away, where this cache wants them to fail at once.
 */
export interface RedisClientLike {
  readonly isReady: boolean;
  get: (key: string) => Promise<string | null | object>;
  set: (key: string, value: string, options: { condition?: 'NX'; expiration: { type: 'PX'; value: number } }) => Promise<unknown>;
  eval: (script: string, options: { keys: string[]; arguments: string[] }) => Promise<unknown>;
  on: (event: 'error', listener: (error: unknown) => void) => unknown;
  listenerCount: (event: 'error') => number;
}

export interface RedisTokenCacheOptions extends TokenCacheTiming {
  /**
   * Encrypts each stored entry (AES-GCM, Web Crypto): a Redis dump, a replica or a shared instance
   * then holds nothing a reader could send as a Bearer token. Every process needs the same key.
   */
  encryptionKey?: string;
  /** Prepended to every key; default "graphql-jwt-auth-react:". */
  keyPrefix?: string;
}

/** Replaces the entry only if its tag (the token's) is still `ARGV[1]`. */
const COMPARE_AND_SET = `local current = redis.call('GET', KEYS[1])
if current and string.sub(current, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. '.' then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0`;

/** Frees the lease only for the owner that holds it. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

class RedisNotReady extends Error {
  override name = 'RedisNotReady';
}

const whole = (ms: number) => String(Math.max(1, Math.ceil(ms)));

/**
 * The token cache on Redis: one entry and one renewal lease per identity tag (never the API key),
 * `SET NX PX` for the lease, Lua scripts for compare-and-set and release. Values hold the token, its
 * expiry, when it was obtained and its region, encrypted when `encryptionKey` is set.
 */
export function redisTokenCache(client: RedisClientLike, options: RedisTokenCacheOptions = {}): TokenCache {
  const { encryptionKey, keyPrefix = 'graphql-jwt-auth-react:', ...timing } = options;
  const sealer = encryptionKey === undefined ? plainSealer() : encryptingSealer(encryptionKey);
  const tokenKey = (identity: string) => `${keyPrefix}token:${identity}`;
  const leaseKey = (identity: string) => `${keyPrefix}lease:${identity}`;
  // node-redis emits 'error' on every lost connection; with no listener Node would end the process.
  if (client.listenerCount('error') === 0) client.on('error', () => undefined);

  const ready = () => {
    if (!client.isReady) throw new RedisNotReady('the Redis client is not connected');
  };
  const seal = (identity: string, entry: CachedToken) => sealer.seal(entry, tokenKey(identity));

  return {
    async read(identity) {
      ready();
      const stored = await client.get(tokenKey(identity));
      if (typeof stored !== 'string') return null;
      return (await sealer.open(stored, tokenKey(identity))) as CachedToken | null;
    },
    async write(identity, entry, ttlMs) {
      const value = await seal(identity, entry);
      ready();
      await client.set(tokenKey(identity), value, { expiration: { type: 'PX', value: Number(whole(ttlMs)) } });
    },
    async compareAndSet(identity, expected, entry, ttlMs) {
      const [tag, value] = await Promise.all([sealer.tagOf(expected), seal(identity, entry)]);
      ready();
      return (await client.eval(COMPARE_AND_SET, { keys: [tokenKey(identity)], arguments: [tag, value, whole(ttlMs)] })) === 1;
    },
    async takeLease(identity, owner, leaseMs) {
      ready();
      const taken = await client.set(leaseKey(identity), owner, { condition: 'NX', expiration: { type: 'PX', value: Number(whole(leaseMs)) } });
      return taken === 'OK';
    },
    async releaseLease(identity, owner) {
      ready();
      await client.eval(RELEASE, { keys: [leaseKey(identity)], arguments: [owner] });
    },
    timing,
  };
}
