/**
 * errors/: one small class per file on a shared base (AuthError), each with its `name` and its
 * `cause` kept. Every room may import it; it imports nothing of the library. GraphQLResponseError
 * (graphql-request's ClientError) is imported from its file: the server entries, which import this
 * index, must not load graphql-request. Fields a constructor always sets are `declare`d: a plain
 * field would be emitted as a declaration too, bytes in every app's bundle for an `undefined` set over at once.
 */
export { AuthError } from './auth-error.js';
export { AuthConfigError } from './auth-config-error.js';
export { AuthNetworkError } from './auth-network-error.js';
export { AuthRequestError } from './auth-request-error.js';
export { AuthServerError } from './auth-server-error.js';
export { InvalidApiKeyError } from './invalid-api-key-error.js';
export { ServerCredentialsError } from './server-credentials-error.js';
export { SignedOutError } from './signed-out-error.js';
export { TokenExpiredError } from './token-expired-error.js';
export { TokenRejectedError } from './token-rejected-error.js';
export { UnexpectedRedirectError } from './unexpected-redirect-error.js';
export { InvalidGraphQLResponseError } from './invalid-graphql-response-error.js';
export { NotPrefetchedError } from './not-prefetched-error.js';
export { GraphQLUrlMismatchError } from './graphql-url-mismatch-error.js';
export { SubscriptionError } from './subscription-error.js';
export { SubscriptionTransportMissingError } from './subscription-transport-missing-error.js';
