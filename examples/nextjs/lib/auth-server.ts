// The API key lives here and only here: a server-only environment variable (never NEXT_PUBLIC_…),
// read by handlers made once per server process. `server-only` turns an import of this file from a
// client component into a build error.
import 'server-only';
import { createGraphQLProxy, createTokenHandler, type ServerHandler } from 'graphql-jwt-auth-react/server';
import { hasSession } from './session';
import { upstreamRegions } from './upstream';

let handlers: { tokenHandler: ServerHandler; graphqlProxy: ServerHandler } | undefined;

/**
 * Made on first use, not at import: `next build` imports every route module, and a build has no
 * business holding the key (the handlers refuse an empty one).
 */
export function backend() {
  if (handlers === undefined) {
    const options = {
      apiKey: process.env.API_KEY ?? '',
      region: 'us',
      regions: upstreamRegions(),
      // The app's own check of its user: no session, no token and no GraphQL.
      authorizeRequest: hasSession,
    };
    handlers = { tokenHandler: createTokenHandler(options), graphqlProxy: createGraphQLProxy(options) };
  }
  return handlers;
}
