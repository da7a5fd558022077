import { createMockService } from 'graphql-jwt-auth-react/testing';

// Your schema (or an executable graphql-js schema: { schema, rootValue? }).
const typeDefs = 'type Query { hello: String }';
const resolvers = { Query: { hello: () => 'world' } };

export const mock = createMockService({ typeDefs, resolvers, tokenLifetimeSec: 60, apiKeys: ['test-key'], regions: ['us'] });
