export type { TypedDocumentNode } from '@graphql-typed-document-node/core';
export { createAuthClient } from './client/create-auth-client.js';
export { DEFAULT_AUTH_TIMEOUT_MS, DEFAULT_REFRESH_MARGIN_MS } from './client/config.js';
export * from './errors/index.js';
export { GraphQLResponseError } from './errors/graphql-response-error.js';
export { OperationNotAllowedError } from './errors/operation-not-allowed-error.js';
export { UnknownOperationIdError } from './errors/unknown-operation-id-error.js';
export { isTokenExpiredBody, isTokenRejectedBody, TOKEN_EXPIRED_MESSAGE } from './wire/expired-answer.js';
export { GRAPHQL_INFINITE_QUERY_KEY_MARK, GRAPHQL_QUERY_KEY_ROOT, graphqlInfiniteQueryKey, graphqlQueryKey, graphqlScopeKey } from './client/query-key.js';
export type { GraphQLInfiniteQueryKey, GraphQLOperationKey, GraphQLQueryKey, GraphQLQueryKeyPrefix, GraphQLQueryScope } from './client/query-key.js';
export { DEFAULT_REGIONS, endpointsForBase, resolveRegion } from './sources/regions.js';
export { MAX_RETRY_AFTER_MS } from './wire/retry-after.js';
export type { RegionEndpoints, Regions } from './sources/regions.js';
export { decodeJwtClaims, readTokenExpiry, TOKEN_LIFETIME_MS } from './sources/token-expiry.js';
export type { GraphQLDocument, TypedDocumentText, Variables } from './wire/transport.js';
export type { VariablesArgs } from './wire/variables.js';
export type { AuthClientOptions } from './client/options.js';
export type { AuthClient, AuthIdentity, RequestInit } from './client/types.js';
export type { CoreAuthClient } from './client/long-work-methods.js';
// Work that outlives a token: standalone functions taking the client, so an app that uses neither pays nothing.
export { watchOperation, type WatchOptions } from './client/watch-operation.js';
export { allPages, type Page, type PagesOptions, type PagesProgress } from './client/all-pages.js';
export type { TransientRetryOptions } from './client/persistent-request.js';
export type { AuthState } from './session/auth-state.js';
export type { AuthEvent, OperationKind, OperationOutcome } from './session/auth-events.js';
export { tokenTag } from './sources/fingerprint.js';
export type { ExchangeReason } from './sources/token-source.js';
// Opt-in features: each is imported and passed in, so an app ships only what it uses.
export {
  authDevtools,
  DEVTOOLS_NAME,
  type DevtoolsAuthView,
  type DevtoolsOption,
  sessionPersistence,
  type PersistOptions,
  tabSync,
  type TabSyncOption,
} from './browser/index.js';
export { graphqlProxy, type GraphQLProxyMode, type GraphQLProxyModeOptions } from './client/proxy-client.js';
export { autoRegion, type AutoRegion } from './sources/region-discovery.js';
export type { Persistence } from './session/session-store.js';
export type { WakeWatcher } from './browser/wake.js';
export { tokenEndpoint, type TokenEndpointMode } from './sources/token-endpoint-source.js';
// Subscriptions: the factory carries the machinery; graphql-ws or graphql-sse load with the first subscription.
export { graphqlSubscriptions, type SubscriptionsOption, type SubscriptionsOptions } from './client/subscriptions/subscriptions-option.js';
export type { SubscribeFunction, SubscribeHandlers } from './client/subscriptions/types.js';
