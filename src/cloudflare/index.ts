/**
 * graphql-jwt-auth-react/cloudflare: one token for a fleet of Workers. Bind `TokenCacheObject` as a
 * Durable Object and pass `durableObjectTokenCache(env.TOKEN_CACHE)` as the handlers' `tokenCache`.
 */
export { type DurableObjectNamespaceLike, durableObjectTokenCache, type DurableObjectTokenCacheOptions } from './durable-object-token-cache.js';
export { type DurableObjectStateLike, TokenCacheObject } from './token-cache-object.js';
export type { AuthHoldOff, CachedToken, TokenCache, TokenCacheTiming } from '../core/sources/token-cache.js';
