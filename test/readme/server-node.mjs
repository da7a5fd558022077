// server.mjs: plain JavaScript, runs as it is on Node 20 or later: `node server.mjs`
// npm install graphql-jwt-auth-react graphql @hono/node-server
import { getRequestListener } from '@hono/node-server';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache } from 'graphql-jwt-auth-react/server';

// Sessions: a random id in an HttpOnly, SameSite=Lax cookie (no script reads it, no other site's POST
// sends it), the id kept here. One process only: several share a session store (Redis, a database).
const SESSION_SECONDS = 60 * 60;
const sessions = new Map(); // id -> expiry, epoch ms

// The id in the request's one __Host-session cookie. Only this host can set a __Host- cookie (Secure,
// Path=/, no Domain), so a sibling subdomain cannot toss in one of its own; two of them is no session,
// never one picked from the two.
function sessionOf(request) {
  const ids = [...(request.headers.get('cookie') ?? '').matchAll(/(?:^|;)\s*__Host-session=([^;]*)/g)].map((found) => found[1]);
  return ids.length === 1 && /^[\w-]{43}$/.test(ids[0]) ? ids[0] : undefined;
}
const hash = (text) => createHash('sha256').update(String(text)).digest();

// DEMO sign-in: one shared password from DEMO_PASSWORD. Check your own users here instead.
async function signIn(request) {
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405 });
  const password = (await request.formData().catch(() => null))?.get('password') ?? '';
  const expected = process.env.DEMO_PASSWORD ?? '';
  if (expected === '' || !timingSafeEqual(hash(password), hash(expected))) return new Response('Wrong password', { status: 403 });
  for (const [id, until] of sessions) if (until <= Date.now()) sessions.delete(id);
  const id = randomBytes(32).toString('base64url');
  sessions.set(id, Date.now() + SESSION_SECONDS * 1000);
  // Secure always, as __Host- requires: browsers take it from https and from http://localhost or 127.0.0.1.
  const cookie = `__Host-session=${id}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${SESSION_SECONDS}`;
  return new Response(null, { status: 303, headers: { location: '/', 'set-cookie': cookie, 'cache-control': 'no-store' } });
}

const options = {
  apiKey: process.env.API_KEY ?? '',
  region: 'us',
  // The mock service (npx -p graphql-jwt-auth-react graphql-jwt-auth-mock); leave `regions` out for the real service's us/eu.
  regions: { us: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4000' },
  // Your own check of your user: here, a session /api/sign-in started. Required: nothing lets everyone in.
  authorizeRequest: (request) => (sessions.get(sessionOf(request)) ?? 0) > Date.now(),
  // The token handler and the proxy hold one token between them.
  tokenCache: memoryTokenCache(),
};
const tokenHandler = createTokenHandler(options);
const graphqlProxy = createGraphQLProxy(options);

const routes = {
  '/api/sign-in': signIn,
  '/api/token': tokenHandler,
  '/api/graphql': graphqlProxy,
  // A readiness probe: 503 while /v1/auth refuses the key or cannot be reached (the handlers keep
  // asking, with backoff); ready() asks for a token first when none is held yet.
  '/healthz': async () => {
    const status = await graphqlProxy.ready();
    return Response.json(status, { status: status.state === 'failing' ? 503 : 200 });
  },
};
const listener = getRequestListener((request) => {
  const route = routes[new URL(request.url).pathname];
  return route === undefined ? new Response('Not Found', { status: 404 }) : route(request);
});
const server = createServer((req, res) => void listener(req, res));
server.listen(Number(process.env.PORT ?? 8787), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
