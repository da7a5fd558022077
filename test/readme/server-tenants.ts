// server-tenants.ts: one token handler and one GraphQL proxy for every tenant, each request served
// with its own tenant's key. Node's http through @hono/node-server; the same handlers serve Hono,
// Bun or Deno as they are (they take a Request and answer a Response).
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, type TenantCredentials } from 'graphql-jwt-auth-react/server';

/** Your own records, server-side: whom each session was issued to, and each tenant's key in your secret store. */
export interface TenantDirectory {
  /** The tenant of the user a session cookie was issued to, or null for an unknown or ended session. */
  tenantOfSession: (sessionId: string) => Promise<string | null>;
  /** The tenant's key and region, from your secret store; null for a tenant with none. */
  credentialsOfTenant: (tenantId: string) => Promise<TenantCredentials | null>;
}

/**
 * The id in the request's one `__Host-session` cookie. Only this host can set a `__Host-` cookie
 * (Secure, Path=/, no Domain), so a sibling subdomain cannot toss in one of its own to pick the
 * tenant; two of them is no session, never one picked from the two.
 */
function sessionIdOf(request: Request): string | undefined {
  const ids = [...(request.headers.get('cookie') ?? '').matchAll(/(?:^|;)\s*__Host-session=([^;]*)/g)].map((found) => found[1] ?? '');
  const [only] = ids;
  return ids.length === 1 && only !== undefined && /^[\w-]{20,}$/.test(only) ? only : undefined;
}

/**
 * The authorization: the tenant comes from the app's own record of the session, never from anything
 * the browser can write (a header, a body field, a cookie other than the session's unguessable id).
 */
export function tenantCredentials(directory: TenantDirectory) {
  return async (request: Request): Promise<TenantCredentials | null> => {
    const sessionId = sessionIdOf(request);
    if (sessionId === undefined) return null; // 401, nothing sent upstream
    const tenantId = await directory.tenantOfSession(sessionId);
    return tenantId === null ? null : directory.credentialsOfTenant(tenantId);
  };
}

export function serveTenants(directory: TenantDirectory, port = 8787) {
  const options = {
    credentials: tenantCredentials(directory),
    // At most this many tenants' sessions in memory; the least recently used goes first.
    maxSessions: 1000,
    // One token per tenant for both handlers (redisTokenCache for several processes).
    tokenCache: memoryTokenCache(),
  };
  const tokenHandler = createTokenHandler(options);
  const graphqlProxy = createGraphQLProxy(options);
  const routes: Record<string, (request: Request) => Promise<Response>> = {
    '/api/token': tokenHandler,
    '/api/graphql': graphqlProxy,
    // Counts of tenants by state: one tenant's revoked key is not the whole server failing.
    '/healthz': () => Promise.resolve(Response.json(graphqlProxy.status())),
  };
  const listener = getRequestListener((request) => routes[new URL(request.url).pathname]?.(request) ?? new Response('Not Found', { status: 404 }));
  const server = createServer((req, res) => void listener(req, res));
  server.listen(port, '127.0.0.1');
  return server;
}
