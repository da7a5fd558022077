// @vitest-environment node
// A readiness probe before any traffic: status() of a handler nobody used says ok, having asked
// nothing; ready() asks for a token first, so a wrong key or an unreachable service reads failing.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type ServerHandlerOptions } from '../../src/server/index.js';
import { freePort } from '../support/free-ports.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { hasSession } from './serve-handler.js';

const HANDLERS = [
  ['token handler', createTokenHandler],
  ['GraphQL proxy', createGraphQLProxy],
] as const;

const silent = { warn: () => undefined, error: () => undefined };

describe.each(HANDLERS)('%s: ready()', (_name, make) => {
  const handlerFor = (options: Partial<ServerHandlerOptions> & Pick<ServerHandlerOptions, 'regions'>) => {
    const handler = make({ apiKey: API_KEY, region: 'test', authorizeRequest: hasSession, logger: silent, ...options });
    return handler;
  };

  it('a wrong key: status() still says ok before any request, ready() says failing UPSTREAM_AUTH_REFUSED after exactly one /v1/auth', async () => {
    const running = await startService();
    const handler = handlerFor({ apiKey: 'not-a-key', regions: { test: running.baseUrl } });
    try {
      expect(handler.status()).toMatchObject({ state: 'ok', code: null });
      expect(await handler.ready()).toMatchObject({ state: 'failing', code: 'UPSTREAM_AUTH_REFUSED' });
      expect(running.service.authCalls.map((call) => call.status)).toEqual([401]);
    } finally {
      handler.dispose();
    }
  });

  it('an unreachable service: failing UPSTREAM_AUTH_UNAVAILABLE, and a second probe within the backoff asks nothing', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    let fetches = 0;
    const handler = handlerFor({ regions: { test: closed }, fetch: (input, init) => ((fetches += 1), fetch(input, init)) });
    try {
      expect(await handler.ready()).toMatchObject({ state: 'failing', code: 'UPSTREAM_AUTH_UNAVAILABLE' });
      expect(fetches).toBe(1);
      // Within the outage backoff (at least 1 ms on a clock that stands still here): no second attempt.
      const frozen = handlerFor({ regions: { test: closed }, now: () => 0, fetch: (input, init) => ((fetches += 1), fetch(input, init)) });
      try {
        await frozen.ready();
        expect(await frozen.ready()).toMatchObject({ state: 'failing', code: 'UPSTREAM_AUTH_UNAVAILABLE' });
        expect(fetches).toBe(2);
      } finally {
        frozen.dispose();
      }
    } finally {
      handler.dispose();
    }
  });

  it('a good key: ok after one /v1/auth, and a second probe asks nothing more', async () => {
    const running = await startService();
    const handler = handlerFor({ regions: { test: running.baseUrl } });
    try {
      expect(await handler.ready()).toMatchObject({ state: 'ok', code: null });
      expect(await handler.ready()).toMatchObject({ state: 'ok', code: null });
      expect(running.service.authCalls).toHaveLength(1);
    } finally {
      handler.dispose();
    }
  });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('a handler for many tenants', () => {
  // The trusted-documents proxy wraps ready() when there is one: a tenant pool's must stay absent, not a ready() that throws.
  it.each([
    ['token handler', () => createTokenHandler({ credentials: () => null, regions: { test: 'http://127.0.0.1:1' } })],
    ['GraphQL proxy', () => createGraphQLProxy({ credentials: () => null, regions: { test: 'http://127.0.0.1:1' } })],
    [
      'GraphQL proxy with trusted documents',
      () =>
        createGraphQLProxy({ credentials: () => null, regions: { test: 'http://127.0.0.1:1' }, operations: { [sha256('{ __typename }')]: '{ __typename }' } }),
    ],
  ])('%s: has no ready(), since a pool of tenants has no one state to probe (status() counts each state)', (_name, make) => {
    const handler = make();
    try {
      expect('ready' in handler).toBe(false);
      expect(handler.status()).toMatchObject({ sessions: 0 });
    } finally {
      handler.dispose();
    }
  });
});
