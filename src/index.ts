'use client';
// The root entry: the React layer and everything of /core and /query. "use client" makes it a client
// module for React Server Components (it creates a React context at import); server code imports
// graphql-jwt-auth-react/core or /query instead.
export * from './core/index.js';
export * from './query/index.js';
export * from './react/index.js';
// Not in /query: it calls React Query's experimental_streamedQuery at run time, and /query stays free of
// React Query at run time for server modules (a server has no subscription to stream anyway).
export {
  graphqlSubscriptionOptions,
  type GraphQLSubscriptionQueryOptions,
  type GraphQLSubscriptionQueryOptionsResult,
  type GraphQLSubscriptionReducer,
} from './query/graphql-subscription-options.js';
