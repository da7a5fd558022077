// @vitest-environment node
// A handler for many keys serves each request with the key the app's resolver names, and nothing
// else: a null is 401 and a failing resolver 500, both before anything goes upstream; whatever the
// browser sends to name another tenant (a header, a body field, a forged cookie) changes nothing.
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type TenantHandlerOptions } from '../../src/server/index.js';
import { type Running, startService } from '../support/fixtures.js';
import { serveHandler } from './serve-handler.js';
import { cookieResolver, keyAsked, keyIssuedFor } from './tenant-fixtures.js';

const KEYS = { acme: 'key-acme', globex: 'key-globex' };
const USERS = { 'alice-sid': 'acme', 'bob-sid': 'globex' };

const options = (running: Running, extra: Partial<TenantHandlerOptions> = {}): TenantHandlerOptions => ({
  credentials: cookieResolver(USERS, KEYS),
  regions: { test: running.baseUrl },
  ...extra,
});

const startTenants = () => startService({ apiKeys: Object.values(KEYS) });

function post(url: string, body: unknown, headers: Record<string, string>) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

const HANDLERS = [
  ['createTokenHandler', createTokenHandler, {}],
  ['createGraphQLProxy', createGraphQLProxy, { query: 'query Count { pentests_count }' }],
] as const;

describe.each(HANDLERS)('%s with a credentials resolver', (_name, make, body) => {
  it('a request the resolver answers null for is 401, and nothing goes upstream', async () => {
    const running = await startTenants();
    const url = await serveHandler(make(options(running)));
    for (const cookie of ['', 'sid=nobody', 'sid=alice-sid-forged']) {
      const answer = await post(url, body, { cookie });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ error: 'not authorized' });
    }
    expect(running.service.authCalls).toHaveLength(0);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it.each([
    ['rejects', 'Error', () => Promise.reject(new Error('vault said no for key-acme'))],
    [
      'throws at once',
      'Error',
      () => {
        throw new Error('vault said no for key-acme');
      },
    ],
    [
      'throws a string',
      'string',
      () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- an app's code may throw anything
        throw 'vault said no for key-acme';
      },
    ],
    // The resolver answered; the session it names cannot be opened: the log line says which region.
    ['names a region the handler does not know', null, () => ({ apiKey: 'key-acme', region: 'nowhere' })],
    ['answers no apiKey', 'InvalidCredentials', () => ({ region: 'test' })],
    ['answers an empty apiKey', 'InvalidCredentials', () => ({ apiKey: '', region: 'test' })],
    ['answers an empty region', 'InvalidCredentials', () => ({ apiKey: 'key-acme', region: '' })],
    ['answers a number for apiKey', 'InvalidCredentials', () => ({ apiKey: 42, region: 'test' })],
    ['answers a region that is no string', 'InvalidCredentials', () => ({ apiKey: 'key-acme', region: ['test'] })],
    ['answers a string', 'InvalidCredentials', () => 'key-acme'],
    ['answers undefined', 'InvalidCredentials', () => undefined],
  ])(
    'a resolver that %s is 500 with nothing of it in the answer, a log line naming only its kind (our own check of its answer whole), and nothing goes upstream',
    async (_what, kind, resolver) => {
      const running = await startTenants();
      const lines: string[] = [];
      const logger = { warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
      const url = await serveHandler(make(options(running, { credentials: resolver as TenantHandlerOptions['credentials'], logger })));
      const answer = await post(url, body, { cookie: 'sid=alice-sid' });
      expect(answer.status).toBe(500);
      expect(await answer.text()).toBe('{"error":"internal error"}');
      expect(lines).toEqual([
        kind === null
          ? 'graphql-jwt-auth-react: a request failed (AuthConfigError: Unknown region "nowhere"; configured regions: test); answered 500'
          : kind === 'InvalidCredentials'
            ? 'graphql-jwt-auth-react: the credentials resolver failed (InvalidCredentials: credentials must answer { apiKey, region } (two non-empty strings) or null); answered 500'
            : `graphql-jwt-auth-react: the credentials resolver failed (${kind}); answered 500`,
      ]);
      expect(lines.join('\n')).not.toContain('key-acme');
      expect(running.service.authCalls).toHaveLength(0);
      expect(running.service.graphqlCalls).toHaveLength(0);
    },
  );

  it('each user is served with their tenant’s key: one /v1/auth per tenant, each for that tenant’s key', async () => {
    const running = await startTenants();
    const handler = make(options(running));
    const url = await serveHandler(handler);
    for (let round = 0; round < 3; round++) {
      expect((await post(url, body, { cookie: 'sid=alice-sid' })).status).toBe(200);
      expect((await post(url, body, { cookie: 'sid=bob-sid' })).status).toBe(200);
    }
    expect(running.service.authCalls.map(keyAsked).sort()).toEqual(['key-acme', 'key-globex']);
    expect(handler.status()).toEqual({ sessions: 2, ok: 2, degraded: 0, failing: 0 });
    expect(handler.status({ apiKey: 'key-acme', region: 'test' })).toMatchObject({ state: 'ok', code: null });
    expect(JSON.stringify(handler.status({ apiKey: 'key-acme', region: 'test' }))).not.toContain('key-acme');
    expect(handler.status({ apiKey: 'key-initech', region: 'test' })).toBeNull();
  });

  it('a request naming another tenant by header, body field or a second cookie gets the resolver’s verdict only', async () => {
    const running = await startTenants();
    const url = await serveHandler(make(options(running)));
    const attempts: Array<[Record<string, string>, object]> = [
      [{ 'x-tenant': 'globex', 'x-api-key': 'key-globex' }, body],
      [{}, { ...body, tenant: 'globex', apiKey: 'key-globex', region: 'test' }],
      [{ cookie: 'sid=alice-sid; tenant=globex; apiKey=key-globex' }, body],
    ];
    for (const [headers, sent] of attempts) {
      const answer = await post(url, sent, { cookie: 'sid=alice-sid', ...headers });
      expect(answer.status).toBe(200);
      if ('token' in ((await answer.clone().json()) as object)) {
        expect(keyIssuedFor(running.service, ((await answer.json()) as { token: string }).token)).toBe('key-acme');
      }
    }
    // A forged session cookie alone is no tenant at all.
    expect((await post(url, body, { cookie: 'sid=bob-sid-forged', 'x-tenant': 'globex' })).status).toBe(401);
    expect(running.service.authCalls.map(keyAsked)).toEqual(['key-acme']);
    for (const call of running.service.graphqlCalls) expect(keyIssuedFor(running.service, call.token)).toBe('key-acme');
  });

  it('fetchInProcess resolves the tenant from the request it is given, and refuses one the resolver refuses', async () => {
    const running = await startTenants();
    const handler = make(options(running));
    const init = (cookie: string) => ({ method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    expect((await handler.fetchInProcess('/api/auth', init('sid=bob-sid'))).status).toBe(200);
    expect((await handler.fetchInProcess('/api/auth', init('sid=nobody'))).status).toBe(401);
    handler.dispose();
    expect(running.service.authCalls.map(keyAsked)).toEqual(['key-globex']);
  });
});
