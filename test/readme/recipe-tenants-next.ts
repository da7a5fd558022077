// lib/tenant-backend.ts: app/api/token/route.ts and app/api/graphql/route.ts export its handlers as
// POST. Made on first use and kept on globalThis (see "Next.js recipes"): one pool per process.
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, type TenantServerHandler } from 'graphql-jwt-auth-react/server';

// Stand-ins for your own session store and secret store, both server-side.
declare function tenantOfSession(sessionId: string): Promise<string | null>;
declare function secretOf(name: string): Promise<string | null>;

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

async function credentials(request: Request) {
  const sessionId = sessionIdOf(request);
  const tenantId = sessionId === undefined ? null : await tenantOfSession(sessionId);
  const apiKey = tenantId === null ? null : await secretOf(`tenants/${tenantId}/api-key`);
  return apiKey === null ? null : { apiKey, region: 'us' };
}

interface TenantBackend {
  tokenHandler: TenantServerHandler;
  graphqlProxy: TenantServerHandler;
}
const slot = globalThis as typeof globalThis & { [key: symbol]: TenantBackend | undefined };
const BACKEND = Symbol.for('my-app.tenant-backend');

export function tenantBackend(): TenantBackend {
  if (slot[BACKEND] === undefined) {
    // Both handlers hold one token per tenant between them.
    const options = { credentials, tokenCache: memoryTokenCache() };
    slot[BACKEND] = { tokenHandler: createTokenHandler(options), graphqlProxy: createGraphQLProxy(options) };
  }
  return slot[BACKEND];
}

// app/api/token/route.ts:   export const POST = (request: Request) => tenantBackend().tokenHandler(request);
// app/api/graphql/route.ts: export const POST = (request: Request) => tenantBackend().graphqlProxy(request);
