// server-tenants.mjs: one GraphQL proxy for every tenant, each signed-in user served with their own
// tenant's key. Plain JavaScript, runs as it is on Node 20 or later: `node server-tenants.mjs`
// npm install graphql-jwt-auth-react graphql @hono/node-server
import { getRequestListener } from '@hono/node-server';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { createGraphQLProxy, memoryTokenCache } from 'graphql-jwt-auth-react/server';
import { credentialsOfTenant, tenantOfUser } from './tenants.mjs';

// A `__Host-` cookie is taken by the browser only with Secure, Path=/ and no Domain: no other host
// (a sibling subdomain) can set one beside it. Chromium takes Secure cookies on http://localhost and
// http://127.0.0.1; a browser that does not needs HTTPS in development too.
const SESSION_COOKIE = '__Host-session';
const SESSION_SECONDS = 60 * 60;
const sessions = new Map(); // id -> { user, expires (epoch ms) }; one process only (else a shared store)

/** The session id of a request carrying exactly one session cookie: with two, neither is guessed at. */
function sessionIdOf(request) {
  const values = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${SESSION_COOKIE}=`))
    .map((part) => part.slice(SESSION_COOKIE.length + 1));
  return values.length === 1 && /^[\w-]{43}$/.test(values[0]) ? values[0] : undefined;
}

/**
 * The authorization: the tenant comes from the server's own record of the session, looked up on every
 * request, never from anything the browser can write. null is 401, and nothing is sent upstream.
 */
function credentials(request) {
  const session = sessions.get(sessionIdOf(request));
  if (session === undefined || session.expires <= Date.now()) return null;
  const tenant = tenantOfUser(session.user);
  return tenant === null ? null : credentialsOfTenant(tenant);
}

const hash = (text) => createHash('sha256').update(String(text)).digest();
const sessionCookie = (id, seconds) => `${SESSION_COOKIE}=${id}; Secure; HttpOnly; SameSite=Lax; Path=/; Max-Age=${seconds}`;
const backHome = (cookie) => new Response(null, { status: 303, headers: { location: '/', 'set-cookie': cookie, 'cache-control': 'no-store' } });

// DEMO sign-in: a user of the directory and one shared password (DEMO_PASSWORD). Check your own users here.
async function signIn(request) {
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405 });
  // Another site's form must not sign the browser in to an account of the attacker's choosing.
  if (request.headers.get('sec-fetch-site') === 'cross-site') return new Response('Forbidden', { status: 403 });
  const form = await request.formData().catch(() => null);
  const user = String(form?.get('user') ?? '');
  const expected = process.env.DEMO_PASSWORD ?? '';
  const passwordOk = expected !== '' && timingSafeEqual(hash(form?.get('password') ?? ''), hash(expected));
  if (!passwordOk || tenantOfUser(user) === null) return new Response('Wrong user or password', { status: 403 });
  for (const [id, { expires }] of sessions) if (expires <= Date.now()) sessions.delete(id);
  const id = randomBytes(32).toString('base64url');
  sessions.set(id, { user, expires: Date.now() + SESSION_SECONDS * 1000 });
  return backHome(sessionCookie(id, SESSION_SECONDS));
}

function signOut(request) {
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405 });
  sessions.delete(sessionIdOf(request));
  return backHome(sessionCookie('', 0));
}

const graphqlProxy = createGraphQLProxy({
  credentials,
  // The mock service (npx -p graphql-jwt-auth-react graphql-jwt-auth-mock); leave `regions` out for the real service's us/eu.
  regions: { us: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4000' },
  // One token per tenant, renewed ahead of expiry; redisTokenCache() for several processes.
  tokenCache: memoryTokenCache(),
});

const routes = {
  '/api/sign-in': signIn,
  '/api/sign-out': signOut,
  '/api/graphql': graphqlProxy,
  // Counts of tenants by state: one tenant's revoked key is not the whole server failing.
  '/healthz': () => Response.json(graphqlProxy.status()),
};
const listener = getRequestListener((request) => {
  const route = routes[new URL(request.url).pathname];
  return route === undefined ? new Response('Not Found', { status: 404 }) : route(request);
});
const server = createServer((req, res) => void listener(req, res));
server.listen(Number(process.env.PORT ?? 8787), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
