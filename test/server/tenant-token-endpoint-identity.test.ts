// @vitest-environment node
// Token-endpoint mode behind a tenant-aware token handler, as docs/tenants.md sets it up: the
// browser's client names its tenant in the endpoint's URL, and the resolver answers that tenant's key
// only while the session's user belongs to it. The client's identity (its query keys, the tab
// messages it takes, its stored entry) is then the tenant the handler answers for: when the session
// moves a user from tenant A to B, the client for A is refused (401) and never holds, shares or
// caches B's token, and the client for B is another identity.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthRequestError, createAuthClient, graphqlScopeKey, tabSync, tokenEndpoint, type AuthClient } from '../../src/index.js';
import { createTokenHandler, type TenantCredentials } from '../../src/server/index.js';
import { startService, waitUntil } from '../support/fixtures.js';
import { serveHandler } from './serve-handler.js';
import { keyIssuedFor } from './tenant-fixtures.js';

const KEYS: Record<string, string> = { acme: 'key-acme', globex: 'key-globex' };

/** The docs' endpoint URL for a tenant: the tenant is part of the URL, hence of the client's identity. */
const tenantEndpoint = (base: string, tenant: string) => `${base}/api/token?tenant=${encodeURIComponent(tenant)}`;

describe('token-endpoint mode when the session moves a user from one tenant to another', () => {
  it('the client for A is refused, never holds or adopts B’s token, and the client for B is another identity', async () => {
    const running = await startService({ apiKeys: Object.values(KEYS) });
    // The app's own record: which tenants each session's user belongs to, changed server-side.
    const memberships = new Map([['alice-sid', new Set(['acme'])]]);
    const credentials = (request: Request): TenantCredentials | null => {
      const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? '';
      const tenant = new URL(request.url).searchParams.get('tenant') ?? '';
      const apiKey = memberships.get(sid)?.has(tenant) === true ? KEYS[tenant] : undefined;
      return apiKey === undefined ? null : { apiKey, region: 'test' };
    };
    const base = await serveHandler(createTokenHandler({ credentials, regions: { test: running.baseUrl } }));
    // The browser sends its cookie with every call to the endpoint.
    const withCookie: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: 'sid=alice-sid' } });
    const channel = `tabs-${randomUUID()}`;
    const clients: AuthClient[] = [];
    const clientOf = (tenant: string) => {
      const client = createAuthClient({ tokenEndpoint: tokenEndpoint(tenantEndpoint(base, tenant)), fetch: withCookie, tabSync: tabSync(channel) });
      clients.push(client);
      return client;
    };
    try {
      // A tab on tenant A.
      const onAcme = clientOf('acme');
      const acmeToken = await onAcme.getToken();
      expect(keyIssuedFor(running.service, acmeToken)).toBe('key-acme');

      // The session moves alice to B; a second tab opens on B.
      memberships.set('alice-sid', new Set(['globex']));
      const onGlobex = clientOf('globex');
      const globexToken = await onGlobex.getToken();
      expect(keyIssuedFor(running.service, globexToken)).toBe('key-globex');

      // Two identities: their query keys never meet, and the channel carries no token between them.
      expect(onGlobex.identity.id).not.toBe(onAcme.identity.id);
      expect(graphqlScopeKey(onGlobex.identity)).not.toEqual(graphqlScopeKey(onAcme.identity));
      await onGlobex.refresh();
      // The tab on A asks again: refused (its user left A), and it holds nothing of B's.
      await expect(onAcme.refresh()).rejects.toBeInstanceOf(AuthRequestError);
      await waitUntil(() => onAcme.store.getState().status === 'error');
      const tokensHeld = [onAcme.store.getState().token];
      expect(tokensHeld.filter((token) => token !== null && keyIssuedFor(running.service, token) === 'key-globex')).toEqual([]);
      expect(running.service.authCalls.map((call) => (JSON.parse(call.body) as { key: string }).key)).toEqual(['key-acme', 'key-globex']);
    } finally {
      for (const client of clients) client.dispose();
    }
  });
});
