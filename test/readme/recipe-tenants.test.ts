// @vitest-environment node
// The tenants recipe of docs/tenants.md: its resolver serves each session's tenant with that tenant's
// key, and a request naming another tenant (a header, a cookie of its own making) is served as its
// session says, or refused.
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

    expect((await ask('session=s-alice-0123456789abcdefghij', { 'x-tenant': 'globex' })).status).toBe(200);
    expect((await ask('session=s-bob-0123456789abcdefghijkl')).status).toBe(200);
    expect((await ask('session=s-mallory-0123456789abcdefgh; tenant=acme')).status).toBe(401);
    expect((await ask('tenant=acme')).status).toBe(401);

    expect(running.service.authCalls.map(keyAsked)).toEqual(['key-acme', 'key-globex']);
    expect(running.service.graphqlCalls.map(({ token }) => keyIssuedFor(running.service, token))).toEqual(['key-acme', 'key-globex']);
  });
});
