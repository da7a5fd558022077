export { AuthProvider, type AuthProviderProps } from './auth-provider.js';
export type { GraphQLQueryOptions } from './graphql-query-options.js';
export { GRAPHQL_QUERY_KEY_ROOT, graphqlQueryKey, graphqlScopeKey } from './query-key.js';
export type { GraphQLQueryKey, GraphQLQueryScope } from './query-key.js';
export { useAuth, type AuthView } from './use-auth.js';
export { useAuthClient } from './use-auth-client.js';
export { type GraphQLMutationOptions, useGraphQLMutation } from './use-graphql-mutation.js';
export { useGraphQLQuery } from './use-graphql-query.js';
export { type GraphQLSuspenseQueryOptions, useGraphQLSuspenseQuery } from './use-graphql-suspense-query.js';
