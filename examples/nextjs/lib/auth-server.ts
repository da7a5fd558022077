// The API key lives here and only here: a server-only environment variable (never NEXT_PUBLIC_…),
// read by handlers made once per server process. `server-only` turns an import of this file from a
// client component into a build error.
import 'server-only';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, oncePerProcess } from 'graphql-jwt-auth-react/server';
import { hasSession } from './session';
import { upstreamRegions } from './upstream';

/**
 * Made on first use, not at import: `next build` imports every route module, and a build has no
 * business holding the key (the handlers refuse an empty one). oncePerProcess, because Next.js bundles
 * each route and page with its own copy of this module: one backend (one token, one renewal timer) for
 * the process, not one per route.
 */
export function backend() {
  return oncePerProcess('nextjs-example.backend', () => {
    const options = {
      apiKey: process.env.API_KEY ?? '',
      region: 'us',
      regions: upstreamRegions(),
      // The app's own check of its user: no session, no token and no GraphQL.
      authorizeRequest: hasSession,
      // Both handlers hold one token between them: one /v1/auth call per renewal for the process.
      tokenCache: memoryTokenCache(),
    };
    return { tokenHandler: createTokenHandler(options), graphqlProxy: createGraphQLProxy(options) };
  });
}
