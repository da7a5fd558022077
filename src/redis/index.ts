export { type RedisClientLike, redisTokenCache, type RedisTokenCacheOptions } from './redis-token-cache.js';
export type { CachedToken, TokenCache, TokenCacheTiming } from '../core/sources/token-cache.js';
