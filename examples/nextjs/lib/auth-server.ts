// The API key lives here and only here: a server-only environment variable (never NEXT_PUBLIC_…),
// read by handlers made once per server process. `server-only` turns an import of this file from a
// client component into a build error.
import 'server-only';
import { createGraphQLProxy, createTokenHandler } from 'graphql-jwt-auth-react/server';
import { hasSession } from './session';
import { upstreamRegions } from './upstream';

const options = {
  apiKey: process.env.API_KEY ?? '',
  region: 'us',
  regions: upstreamRegions(),
  // The app's own check of its user: no session, no token and no GraphQL.
  authorizeRequest: hasSession,
};

/** POST /api/token: short-lived tokens for signed-in browsers (token-endpoint mode). */
export const tokenHandler = createTokenHandler(options);

/** POST /api/graphql: signed-in browsers' operations, sent on with the server's token (BFF mode). */
export const graphqlProxy = createGraphQLProxy(options);
