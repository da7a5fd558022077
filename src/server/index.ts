export {
  createGraphQLProxy,
  DEFAULT_MAX_BODY_BYTES,
  type GraphQLProxyOptions,
  type TenantGraphQLProxyOptions,
  type TrustedDocumentOptions,
} from './graphql-proxy.js';
export type { OperationFacts, OperationType, TrustedOperations } from './trusted-documents.js';
export type {
  CredentialsResolver,
  HandlerStatus,
  PoolStatus,
  ServerHandler,
  ServerHandlerOptions,
  TenantCredentials,
  TenantHandlerOptions,
  TenantServerHandler,
} from './options.js';
export type { AuthEvent, OperationKind, OperationOutcome } from '../core/session/auth-events.js';
export { createTokenHandler } from './token-handler.js';
export { memoryTokenCache } from '../core/sources/token-cache.js';
export { oncePerProcess } from './once-per-process.js';
export type { AuthHoldOff, CachedToken, TokenCache, TokenCacheTiming } from '../core/sources/token-cache.js';
