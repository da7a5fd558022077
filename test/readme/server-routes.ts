// lib/graphql-backend.ts — app/api/token/route.ts and app/api/graphql/route.ts export its handlers
// as POST. In Next.js, make them on first use instead (see "Next.js recipes"): at module scope,
// `next build` needs the key and each route gets its own copy.
import { createGraphQLProxy, createTokenHandler } from 'graphql-jwt-auth-react/server';

const backend = {
  apiKey: process.env.API_KEY ?? '', // a server-only variable: never NEXT_PUBLIC_
  region: 'us',
  // Your own check of your own user: here, a session cookie your sign-in route set.
  authorizeRequest: (request: Request) => /(?:^|; )session=[\w-]{20,}/.test(request.headers.get('cookie') ?? ''),
};

export const tokenHandler = createTokenHandler(backend); // for <AuthProvider tokenEndpoint={tokenEndpoint('/api/token')}>
export const graphqlProxy = createGraphQLProxy(backend); // for <AuthProvider graphqlProxy={graphqlProxy('/api/graphql')}>

// app/api/token/route.ts:   export const POST = (request: Request) => tokenHandler(request);
// app/api/graphql/route.ts: export const POST = (request: Request) => graphqlProxy(request);
