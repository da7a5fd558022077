export { AuthClientProvider, type AuthClientProviderProps } from './auth-client-provider.js';
export { AuthProvider, type AuthProviderOwnProps, type AuthProviderProps } from './auth-provider.js';
export { useAuth, type AuthView } from './use-auth.js';
export { useAuthClient } from './use-auth-client.js';
export { type GraphQLMutationOptions, useGraphQLMutation } from './use-graphql-mutation.js';
export { useGraphQLInfiniteQuery } from './use-graphql-infinite-query.js';
export { useGraphQLQuery } from './use-graphql-query.js';
export { type GraphQLSuspenseInfiniteQueryOptions, useGraphQLSuspenseInfiniteQuery } from './use-graphql-suspense-infinite-query.js';
export { type GraphQLSuspenseQueryOptions, useGraphQLSuspenseQuery } from './use-graphql-suspense-query.js';
export {
  type GraphQLSubscriptionCache,
  type GraphQLSubscriptionOptions,
  type GraphQLSubscriptionResult,
  type GraphQLSubscriptionStatus,
  useGraphQLSubscription,
} from './use-graphql-subscription.js';
