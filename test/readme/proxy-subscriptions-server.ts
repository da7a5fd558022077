// app/api/graphql/route.ts (Next.js), or any fetch-standard server: one proxy answers the app's
// queries and mutations (JSON posts) and its subscriptions (graphql-sse event streams, asked for with
// `Accept: text/event-stream`), with the same guards: the app's check of its user, the list of
// operations when given, the body limit.
import { createGraphQLProxy } from 'graphql-jwt-auth-react/server';
import type { Regions } from 'graphql-jwt-auth-react/core';

export function graphqlRoute({ signedIn, regions }: { signedIn: (request: Request) => boolean; regions?: Regions }) {
  return createGraphQLProxy({
    apiKey: process.env.API_KEY ?? '',
    region: 'us',
    ...(regions === undefined ? {} : { regions }),
    authorizeRequest: signedIn,
    // Where the service's graphql-sse streams are, given its GraphQL URL (this is the default).
    subscriptionUrl: (graphqlUrl) => `${graphqlUrl}/stream`,
  });
}
