import type { DemoService } from '../support/mock-service.js';

/** The key each `/v1/auth` call asked with, as the mock recorded its body. */
export const keyAsked = (call: { body: string }): unknown => (JSON.parse(call.body) as { key?: unknown }).key;

/** The key the service issued `token` for, from its own records: undefined for a token it never issued. */
export function keyIssuedFor(service: DemoService, token: string | null): unknown {
  const call = service.authCalls.find((auth) => auth.token !== null && auth.token === token);
  return call === undefined ? undefined : keyAsked(call);
}

/** The app's own lookup, as in the docs' recipe: a session cookie names a user, the user a tenant, the tenant its key. */
export function cookieResolver(sessions: Record<string, string>, keys: Record<string, string>, region = 'test') {
  const tenantOf = new Map(Object.entries(sessions));
  const keyOf = new Map(Object.entries(keys));
  return (request: Request) => {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
    const tenant = sid === undefined ? undefined : tenantOf.get(sid);
    const apiKey = tenant === undefined ? undefined : keyOf.get(tenant);
    return apiKey === undefined ? null : { apiKey, region };
  };
}
