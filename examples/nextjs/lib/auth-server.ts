// The API key lives here and only here: a server-only environment variable (never NEXT_PUBLIC_…),
// read by handlers made once per server process. `server-only` turns an import of this file from a
// client component into a build error.
import 'server-only';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, type ServerHandler } from 'graphql-jwt-auth-react/server';
import { hasSession } from './session';
import { upstreamRegions } from './upstream';

interface Backend {
  tokenHandler: ServerHandler;
  graphqlProxy: ServerHandler;
}

// Next.js bundles each route and page with its own copy of this module, so a module variable would
// make one backend (one token, one renewal timer) per route. One per process lives on globalThis.
const slot = globalThis as typeof globalThis & { [key: symbol]: Backend | undefined };
const BACKEND = Symbol.for('nextjs-example.backend');

/**
 * Made on first use, not at import: `next build` imports every route module, and a build has no
 * business holding the key (the handlers refuse an empty one).
 */
export function backend(): Backend {
  let made = slot[BACKEND];
  if (made === undefined) {
    const options = {
      apiKey: process.env.API_KEY ?? '',
      region: 'us',
      regions: upstreamRegions(),
      // The app's own check of its user: no session, no token and no GraphQL.
      authorizeRequest: hasSession,
      // Both handlers hold one token between them: one /v1/auth call per renewal for the process.
      tokenCache: memoryTokenCache(),
    };
    made = { tokenHandler: createTokenHandler(options), graphqlProxy: createGraphQLProxy(options) };
    slot[BACKEND] = made;
  }
  return made;
}
