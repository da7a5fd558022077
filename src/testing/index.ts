/**
 * graphql-jwt-auth-react/testing: a mock of the service (API key → short-lived JWT, the expired
 * answer) in front of your own GraphQL schema, to test your components against token expiry.
 * Runs as a fetch handler, as MSW handlers (msw is an optional peer) or on 127.0.0.1 in Node, where it
 * serves subscriptions too (graphql-ws over ws, graphql-sse: optional peers, imported on first use).
 */
export {
  createMockService,
  EXPIRED_BODY,
  EXPIRE_TOKENS_PATH,
  type AuthFailure,
  type GraphQLFailure,
  type MockService,
  type MockServiceOptions,
  type MockServiceSettings,
} from './mock-service.ts';
export type { FieldResolver, MockContext, MockSchema, Resolvers, SubscriptionResolver } from './executable-schema.ts';
export type { MockEvent } from './event-topics.ts';
export type { Listening, ListenOptions } from './listen.ts';
export type { MswHandler, MswHttp } from './msw-handlers.ts';
export type { AuthCall, GraphQLCall, LoggedRequest, SubscriptionConnection } from './records.ts';
export type { ApiKeysOption, RegionsOption } from './regions.ts';
