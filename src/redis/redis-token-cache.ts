import type { TokenCache } from '../core/sources/token-cache.js';
import { type SealedTokenCacheOptions, sealedTokenCache } from '../shared-cache/sealed-token-cache.js';
import type { StringStore } from '../shared-cache/string-store.js';

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

export type RedisTokenCacheOptions = SealedTokenCacheOptions;

/** Replaces the value only if it still starts with the tag `ARGV[1]`. */
const REPLACE_IF_TAGGED = `local current = redis.call('GET', KEYS[1])
if current and string.sub(current, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. '.' then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0`;

/** Deletes the value only if it is still `ARGV[1]` (the lease's owner). */
const DELETE_IF_EQUALS = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

class RedisNotReady extends Error {
  override name = 'RedisNotReady';
}

const whole = (ms: number) => Math.max(1, Math.ceil(ms));

/** Redis as a StringStore: GET, SET PX, SET NX PX, and two Lua scripts for the conditional steps. */
export function redisStringStore(client: RedisClientLike): StringStore {
  // node-redis emits 'error' on every lost connection; with no listener Node would end the process.
  if (client.listenerCount('error') === 0) client.on('error', () => undefined);
  const ready = () => {
    if (!client.isReady) throw new RedisNotReady('the Redis client is not connected');
  };
  return {
    async get(name) {
      ready();
      const stored = await client.get(name);
      return typeof stored === 'string' ? stored : null;
    },
    async set(name, value, ttlMs) {
      ready();
      await client.set(name, value, { expiration: { type: 'PX', value: whole(ttlMs) } });
    },
    async setIfAbsent(name, value, ttlMs) {
      ready();
      return (await client.set(name, value, { condition: 'NX', expiration: { type: 'PX', value: whole(ttlMs) } })) === 'OK';
    },
    async replaceIfTagged(name, tag, value, ttlMs) {
      ready();
      return (await client.eval(REPLACE_IF_TAGGED, { keys: [name], arguments: [tag, value, String(whole(ttlMs))] })) === 1;
    },
    async deleteIfEquals(name, value) {
      ready();
      await client.eval(DELETE_IF_EQUALS, { keys: [name], arguments: [value] });
    },
  };
}

/**
 * The token cache on Redis: one entry and one renewal lease per identity, under keyed names (see
 * sealedTokenCache), with `SET NX PX` for the lease and Lua scripts for compare-and-set and release.
 */
export function redisTokenCache(client: RedisClientLike, options: RedisTokenCacheOptions = {}): TokenCache {
  return sealedTokenCache(redisStringStore(client), options);
}
