export { createAuthClient } from './auth-client.js';
export { DEFAULT_AUTH_TIMEOUT_MS, DEFAULT_REFRESH_MARGIN_MS } from './config.js';
export * from './errors/index.js';
export { isTokenExpiredBody, isTokenRejectedBody, TOKEN_EXPIRED_MESSAGE } from './expired-answer.js';
export { DEFAULT_REGIONS, endpointsForBase, resolveRegion } from './regions.js';
export type { RegionEndpoints, Regions } from './regions.js';
export { decodeJwtClaims, readTokenExpiry, TOKEN_LIFETIME_MS } from './token-expiry.js';
export type { GraphQLDocument, Variables } from './transport.js';
export type { AuthClient, AuthClientOptions, AuthIdentity, AuthState, RequestInit } from './types.js';
