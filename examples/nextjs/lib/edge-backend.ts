// The same backend for Next.js edge route handlers (`export const runtime = 'edge'`). The edge runtime
// keeps no timer running between requests, so the handlers get `after` as `waitUntil`: a token that
// fell due is served while valid and renewed after the answer went out, instead of before it.
import 'server-only';
import { after } from 'next/server';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, type ServerHandler } from 'graphql-jwt-auth-react/server';
import { hasSession } from './session';
import { upstreamRegions } from './upstream';

interface Backend {
  tokenHandler: ServerHandler;
  graphqlProxy: ServerHandler;
}

const slot = globalThis as typeof globalThis & { [key: symbol]: Backend | undefined };
const BACKEND = Symbol.for('nextjs-example.edge-backend');

export function edgeBackend(): Backend {
  let made = slot[BACKEND];
  if (made === undefined) {
    // Each edge route runs in a sandbox of its own: this cache shares one token within a route only.
    const options = {
      apiKey: process.env.API_KEY ?? '',
      region: 'us',
      regions: upstreamRegions(),
      authorizeRequest: hasSession,
      tokenCache: memoryTokenCache(),
      waitUntil: (promise: Promise<unknown>) => {
        after(promise);
      },
    };
    made = { tokenHandler: createTokenHandler(options), graphqlProxy: createGraphQLProxy(options) };
    slot[BACKEND] = made;
  }
  return made;
}
