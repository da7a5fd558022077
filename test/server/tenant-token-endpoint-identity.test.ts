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
import { keyAsked, keyIssuedFor } from './tenant-fixtures.js';

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

  it('one endpoint URL for every tenant: a renewal that brings another tenant’s token tells tenant-changed (onSignOut fires, so a provider drops the old tenant’s queries), and no tab takes a token of a tenant other than its own', async () => {
    const running = await startService({ apiKeys: Object.values(KEYS) });
    let tenantOfAlice = 'acme';
    const credentials = (request: Request): TenantCredentials | null =>
      /(?:^|;\s*)sid=alice-sid(?:;|$)/.test(request.headers.get('cookie') ?? '') ? { apiKey: KEYS[tenantOfAlice] ?? '', region: 'test' } : null;
    const url = `${await serveHandler(createTokenHandler({ credentials, regions: { test: running.baseUrl } }))}/api/token`;
    const withCookie: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', 'sid=alice-sid');
      return fetch(input, { ...init, headers });
    };
    const channel = `tabs-${randomUUID()}`;
    const tabOf = () => createAuthClient({ tokenEndpoint: tokenEndpoint(url), fetch: withCookie, tabSync: tabSync(channel) });
    const [first, second] = [tabOf(), tabOf()];
    const tabs = [first, second];
    const told = tabs.map((tab) => {
      const seen = { tenantChanged: 0, signOutListener: 0, adopted: [] as string[], newTenantTokens: [] as string[] };
      tab.onEvent((event) => {
        if (event.type === 'tenant-changed') {
          seen.tenantChanged += 1;
          seen.newTenantTokens.push(event.tokenTag);
        }
        if (event.type === 'token-adopted') seen.adopted.push(event.tokenTag);
      });
      tab.onSignOut(() => (seen.signOutListener += 1));
      return seen;
    });
    // What the channel carried, as every tab hears it: the test waits for a message to be delivered.
    const heard = new BroadcastChannel(channel);
    let messagesHeard = 0;
    heard.addEventListener('message', () => (messagesHeard += 1));
    const issuedFor = (tab: AuthClient) => keyIssuedFor(running.service, tab.store.getState().token);
    try {
      // Both tabs on acme (each asks once: a tab takes another's token only once it heard the endpoint).
      await first.getToken();
      await second.getToken();
      expect([issuedFor(first), issuedFor(second)]).toEqual(['key-acme', 'key-acme']);
      expect(first.store.getState().scope).toMatch(/^[0-9a-z]{1,11}$/);

      // The app moves alice to globex; the second tab renews first.
      tenantOfAlice = 'globex';
      await second.refresh();
      expect(issuedFor(second)).toBe('key-globex');
      expect(told[1]).toMatchObject({ tenantChanged: 1, signOutListener: 1 });
      // The first tab, still on acme's token, does not take globex's from the channel.
      expect(issuedFor(first)).toBe('key-acme');
      expect(told[0]).toMatchObject({ tenantChanged: 0, signOutListener: 0 });
      expect(told[0]?.adopted).not.toContain(told[1]?.newTenantTokens[0]);

      // Back to acme: the first tab's next token is a new acme one, the same tenant: nothing told;
      // the second tab, on globex, does not take it.
      tenantOfAlice = 'acme';
      // Once the first tab's new token has gone out over the channel to every tab, look.
      const before = messagesHeard;
      // The service ends acme's token: the first tab's next request meets the expired answer, and
      // the handler renews: a new acme token, which goes out over the channel.
      running.service.expireToken(first.store.getState().token ?? '');
      await first.request('query Count { pentests_count }');
      await waitUntil(() => messagesHeard > before);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect([issuedFor(first), issuedFor(second)]).toEqual(['key-acme', 'key-globex']);
      expect(told[0]).toMatchObject({ tenantChanged: 0, signOutListener: 0 });
      expect(told[1]).toMatchObject({ tenantChanged: 1, signOutListener: 1 });
      expect(running.service.authCalls.map(keyAsked)).toEqual(['key-acme', 'key-globex', 'key-acme']);
      expect(second.store.getState().token).not.toBe(first.store.getState().token);
    } finally {
      heard.close();
      for (const tab of tabs) tab.dispose();
    }
  });

  // `credentials: undefined` is what an app's config spread gives when it names no resolver: still one key.
  it.each([
    ['no credentials', {}],
    ['credentials: undefined', { credentials: undefined }],
  ])('a handler with one apiKey (%s) says nothing of a scope: its answers are as before', async (_, extra) => {
    const running = await startService();
    const handler = createTokenHandler({ apiKey: 'test-key', region: 'test', regions: { test: running.baseUrl }, authorizeRequest: () => true, ...extra });
    const url = `${await serveHandler(handler)}/api/token`;
    const answer = (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(answer).sort()).toEqual(['graphqlUrl', 'region', 'token']);
  });
});
