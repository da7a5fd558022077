export { type RedisClientLike, redisTokenCache, type RedisTokenCacheOptions } from './redis-token-cache.js';
export type { AuthHoldOff, CachedToken, TokenCache, TokenCacheTiming } from '../core/sources/token-cache.js';
