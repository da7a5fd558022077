// graphql-jwt-auth-react/query: what a Server Component or route handler needs to prefetch into React
// Query's cache. No "use client" and no React at run time (React Query's types only), so a server module
// can import it; the root entry re-exports it for client components.
export { graphqlQueryOptions } from './graphql-query-options.js';
export type { GraphQLQueryKeyOptions, GraphQLQueryOptions, GraphQLQueryOptionsResult } from './graphql-query-options.js';
export { graphqlInfiniteQueryOptions } from './graphql-infinite-query-options.js';
export type { GraphQLInfiniteQueryOptions, GraphQLInfiniteQueryOptionsResult, GraphQLPageVariables } from './graphql-infinite-query-options.js';
export {
  GRAPHQL_INFINITE_QUERY_KEY_MARK,
  GRAPHQL_QUERY_KEY_ROOT,
  graphqlInfiniteQueryKey,
  graphqlQueryKey,
  graphqlScopeKey,
} from '../core/client/query-key.js';
export type { GraphQLInfiniteQueryKey, GraphQLOperationKey, GraphQLQueryKey, GraphQLQueryKeyPrefix, GraphQLQueryScope } from '../core/client/query-key.js';
export { refetchUntil } from './refetch-until.js';
export type { RefetchUntilOptions, RefetchUntilQueryOptions } from './refetch-until.js';
