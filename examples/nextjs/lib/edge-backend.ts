// The same backend for Next.js edge route handlers (`export const runtime = 'edge'`). The edge runtime
// keeps no timer running between requests, so the handlers get `after` as `waitUntil`: a token that
// fell due is served while valid and renewed after the answer went out, instead of before it.
import 'server-only';
import { after } from 'next/server';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, oncePerProcess } from 'graphql-jwt-auth-react/server';
import { hasSession } from './session';
import { upstreamRegions } from './upstream';

export function edgeBackend() {
  // Each edge route runs in a sandbox of its own: this backend, and its cache, are shared within a route only.
  return oncePerProcess('nextjs-example.edge-backend', () => {
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
    return { tokenHandler: createTokenHandler(options), graphqlProxy: createGraphQLProxy(options) };
  });
}
