export { createGraphQLProxy, DEFAULT_MAX_BODY_BYTES, type GraphQLProxyOptions } from './graphql-proxy.js';
export type { ServerHandler, ServerHandlerOptions } from './options.js';
export type { AuthEvent, OperationOutcome } from '../core/session/auth-events.js';
export { createTokenHandler } from './token-handler.js';
export { memoryTokenCache } from '../core/sources/token-cache.js';
export type { CachedToken, TokenCache, TokenCacheTiming } from '../core/sources/token-cache.js';
