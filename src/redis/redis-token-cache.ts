import { AuthConfigError } from '../core/errors/auth-config-error.js';
import type { TokenCache } from '../core/sources/token-cache.js';
import { type SealedTokenCacheOptions, sealedTokenCache } from '../shared-cache/sealed-token-cache.js';
import { MAX_STORED_CHARS, type StringStore } from '../shared-cache/string-store.js';

/**
 * The few node-redis client methods used, so this entry imports nothing from it: a single client
 * (`createClient`, `redis` ≥ 5) or a cluster client (`createCluster`, `redis` ≥ 6). Create it with
 * `disableOfflineQueue: true`: otherwise commands wait in its queue while Redis is away, where this
 * cache wants them to fail at once.
 */
export interface RedisClientLike {
  readonly isReady: boolean;
  set: (key: string, value: string, options: { expiration: { type: 'PX'; value: number } }) => Promise<unknown>;
  eval: (script: string, options: { keys: string[]; arguments: string[] }) => Promise<unknown>;
  on: (event: 'error', listener: (error: unknown) => void) => unknown;
  listenerCount: (event: 'error') => number;
}

export type RedisTokenCacheOptions = SealedTokenCacheOptions;

/**
 * The value only if it is a string of at most `ARGV[1]` bytes: a longer one (or another type) is
 * someone else's, and never crosses into the process to be decoded.
 */
const GET_IF_SMALL = `if redis.call('TYPE', KEYS[1])['ok'] ~= 'string' or redis.call('STRLEN', KEYS[1]) > tonumber(ARGV[1]) then
  return false
end
return redis.call('GET', KEYS[1])`;

/**
 * Takes the lease `ARGV[1]` for `ARGV[2]` ms unless a live one has at most that long left: a lease
 * set to live longer, or forever, is no process's (a stray or hostile writer's) and is not honoured.
 */
const TAKE_LEASE = `local left = redis.call('PTTL', KEYS[1])
if left >= 0 and left <= tonumber(ARGV[2]) then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

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

/**
 * node-redis 5's cluster client has no `isReady`, and after a failover keeps sending to the dead
 * master until a redirect that never comes: every call would fail, in silence, for good. Refused at
 * start-up instead (a plain JavaScript app or a cast gets past the type), as is anything else
 * without it.
 */
function assertReports(client: RedisClientLike): void {
  if (typeof (client as { isReady?: unknown }).isReady === 'boolean') return;
  const cluster = typeof (client as { getMasters?: unknown }).getMasters === 'function';
  throw new AuthConfigError(
    cluster
      ? "redisTokenCache needs a cluster client (createCluster) of redis >= 6: redis 5's has no isReady and never learns of a failover; a single client (createClient) works on redis >= 5"
      : 'redisTokenCache takes a node-redis client (createClient, or createCluster of redis >= 6): this one has no isReady',
  );
}

/** Redis as a StringStore: SET PX, and Lua scripts for the bounded read and the conditional steps. */
export function redisStringStore(client: RedisClientLike): StringStore {
  assertReports(client);
  // node-redis emits 'error' on every lost connection; with no listener Node would end the process.
  if (client.listenerCount('error') === 0) client.on('error', () => undefined);
  const ready = () => {
    if (!client.isReady) throw new RedisNotReady('the Redis client is not connected');
  };
  return {
    async get(name) {
      ready();
      const stored = await client.eval(GET_IF_SMALL, { keys: [name], arguments: [String(MAX_STORED_CHARS)] });
      if (typeof stored === 'string') return stored;
      // A client that maps strings to Buffers (withTypeMapping) answers bytes: read as UTF-8, where
      // refusing them made every read a miss. Anything else (the script's false, as null) is a miss.
      return stored instanceof Uint8Array ? new TextDecoder().decode(stored) : null;
    },
    async set(name, value, ttlMs) {
      ready();
      await client.set(name, value, { expiration: { type: 'PX', value: whole(ttlMs) } });
    },
    async setIfAbsent(name, value, ttlMs) {
      ready();
      return (await client.eval(TAKE_LEASE, { keys: [name], arguments: [value, String(whole(ttlMs))] })) === 1;
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
 * sealedTokenCache), with Lua scripts for the bounded read, the lease, compare-and-set and release.
 */
export function redisTokenCache(client: RedisClientLike, options: RedisTokenCacheOptions = {}): TokenCache {
  return sealedTokenCache(redisStringStore(client), options);
}
