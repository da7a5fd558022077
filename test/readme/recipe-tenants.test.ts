// @vitest-environment node
// The tenants recipe of docs/tenants.md: its resolver serves each session's tenant with that tenant's
// key, and a request naming another tenant (a header, a cookie of its own making, a second session
// cookie tossed in from a sibling subdomain) is served as its session says, or refused.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy } from '../../src/server/index.js';
import { serveHandler } from '../server/serve-handler.js';
import { keyAsked, keyIssuedFor } from '../server/tenant-fixtures.js';
import { startService } from '../support/fixtures.js';
import { tenantCredentials } from './server-tenants.js';

const SESSIONS = new Map([
  ['s-alice-0123456789abcdefghij', 'acme'],
  ['s-bob-0123456789abcdefghijkl', 'globex'],
]);
const directory = {
  tenantOfSession: (sessionId: string) => Promise.resolve(SESSIONS.get(sessionId) ?? null),
  credentialsOfTenant: (tenantId: string) => Promise.resolve({ apiKey: `key-${tenantId}`, region: 'test' }),
};

describe('docs/tenants.md: the cookie -> tenant -> key resolver', () => {
  it('serves each session with its tenant’s key, and refuses sessions it does not know whatever else the request names', async () => {
    const running = await startService({ apiKeys: ['key-acme', 'key-globex'] });
    const url = await serveHandler(createGraphQLProxy({ credentials: tenantCredentials(directory), regions: { test: running.baseUrl } }));
    const ask = (cookie: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ query: '{ pentests_count }' }),
      });

    expect((await ask('__Host-session=s-alice-0123456789abcdefghij', { 'x-tenant': 'globex' })).status).toBe(200);
    expect((await ask('__Host-session=s-bob-0123456789abcdefghijkl')).status).toBe(200);
    expect((await ask('__Host-session=s-mallory-0123456789abcdefgh; tenant=acme')).status).toBe(401);
    expect((await ask('tenant=acme')).status).toBe(401);
    // A cookie without the prefix is one a sibling subdomain could have set: no session at all.
    expect((await ask('session=s-alice-0123456789abcdefghij')).status).toBe(401);

    expect(running.service.authCalls.map(keyAsked)).toEqual(['key-acme', 'key-globex']);
    expect(running.service.graphqlCalls.map(({ token }) => keyIssuedFor(running.service, token))).toEqual(['key-acme', 'key-globex']);
  });

  it('refuses a request with two session cookies, whichever comes first: a sibling subdomain’s cookie (a longer path, so sent first) never picks the tenant', async () => {
    const running = await startService({ apiKeys: ['key-acme', 'key-globex'] });
    const url = await serveHandler(createGraphQLProxy({ credentials: tenantCredentials(directory), regions: { test: running.baseUrl } }));
    const ask = (cookie: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: '{ pentests_count }' }) });
    const alice = '__Host-session=s-alice-0123456789abcdefghij';
    const bobs = '__Host-session=s-bob-0123456789abcdefghijkl';
    // The attack as it worked on a plain `session` cookie, then with the prefixed one.
    const tossed = 'session=s-bob-0123456789abcdefghijkl; session=s-alice-0123456789abcdefghij';
    for (const cookie of [tossed, `${bobs}; ${alice}`, `${alice}; ${bobs}`, `${alice}; other=1; ${alice}`, `${alice};__Host-session=`]) {
      expect((await ask(cookie)).status, cookie).toBe(401);
    }
    expect(running.service.authCalls).toHaveLength(0);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('the Next.js tenants recipe reads the session with the same function, word for word', async () => {
    const helper = (text: string) => /\/\*\*\n \* The id in the request's one `__Host-session` cookie[\s\S]*?\n}\n/.exec(text)?.[0];
    const node = helper(await readFile(new URL('server-tenants.ts', import.meta.url), 'utf8'));
    expect(node).toContain('function sessionIdOf(request: Request)');
    expect(helper(await readFile(new URL('recipe-tenants-next.ts', import.meta.url), 'utf8'))).toBe(node);
  });
});
