// @vitest-environment node
// On a server nobody can act on a refused key, so a 400/401/403 from /v1/auth is a failing state the
// handler leaves by itself: asked again with backoff, a token from the shared cache adopted, one log
// line per change of state, status() for readiness probes, refresh() to ask now.
import { describe, expect, it } from 'vitest';
import {
  type AuthEvent,
  createGraphQLProxy,
  createTokenHandler,
  memoryTokenCache,
  type ServerHandler,
  type ServerHandlerOptions,
} from '../../src/server/index.js';
import { startMockService } from '../support/serve.js';
import { API_KEY, type Running, startService, waitUntil } from '../support/fixtures.js';
import { hasSession, post, serveHandler } from './serve-handler.js';
import { cookieResolver } from './tenant-fixtures.js';

/** A logger that records its lines and lets a test wait for the next one at a level. */
function recordingLogger() {
  const lines: Array<{ level: 'warn' | 'error'; message: string }> = [];
  const waiters: Array<{ match: RegExp; resolve: () => void }> = [];
  const log = (level: 'warn' | 'error') => (message: string) => {
    lines.push({ level, message });
    for (const waiter of waiters.splice(0)) {
      if (waiter.match.test(message)) waiter.resolve();
      else waiters.push(waiter);
    }
  };
  return {
    lines,
    logger: { warn: log('warn'), error: log('error') },
    next: (match: RegExp) => new Promise<void>((resolve) => waiters.push({ match, resolve })),
  };
}

async function served(
  running: Running,
  make: typeof createTokenHandler,
  options: Partial<ServerHandlerOptions>,
): Promise<{ handler: ServerHandler; url: string }> {
  const handler = make({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, ...options });
  return { handler, url: await serveHandler(handler) };
}

describe('a handler after /v1/auth refused its key', () => {
  it.each([400, 401, 403])('a %i is a failing state, asked again after the backoff; once accepted, ok again: 2 calls, 2 log lines', async (status) => {
    const running = await startService();
    const { lines, logger, next } = recordingLogger();
    const { handler, url } = await served(running, createTokenHandler, { logger, recovery: { initialDelayMs: 50 } });
    expect(handler.status()).toMatchObject({ state: 'ok', code: null });
    running.service.queueAuthFailures(status);
    const okAgain = next(/ok again/);

    const failing = await post(`${url}/api/token`, {});
    expect(failing.status).toBe(502);
    expect(await failing.json()).toMatchObject({ code: 'UPSTREAM_AUTH_REFUSED' });
    expect(handler.status()).toMatchObject({ state: 'failing', code: 'UPSTREAM_AUTH_REFUSED' });

    await okAgain;
    expect(handler.status()).toMatchObject({ state: 'ok', code: null });
    expect((await post(`${url}/api/token`, {})).status).toBe(200);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([status, 200]);
    expect(lines).toEqual([
      {
        level: 'error',
        message: `graphql-jwt-auth-react: upstream auth failing, answering UPSTREAM_AUTH_REFUSED (/v1/auth answered ${status}): the service refused the apiKey this handler was given (the docs' recipes read it from API_KEY); asking again with backoff`,
      },
      { level: 'warn', message: 'graphql-jwt-auth-react: upstream auth ok again' },
    ]);
    expect(JSON.stringify(lines)).not.toContain(API_KEY);
  });

  it('the waits double: three refusals in a row are asked again after 40, 80 and 160 ms, still one failing line', async () => {
    const running = await startService();
    const { lines, logger, next } = recordingLogger();
    const { url } = await served(running, createGraphQLProxy, { logger, recovery: { initialDelayMs: 40, maxDelayMs: 1_000 } });
    running.service.queueAuthFailures(403, 403, 403);
    const okAgain = next(/ok again/);
    const failing = await post(`${url}/api/graphql`, { query: '{ __typename }' });
    expect(failing.status).toBe(502);
    await okAgain;
    const times = running.service.authCalls.map((call) => call.time);
    expect(times).toHaveLength(4);
    for (const [index, wait] of [40, 80, 160].entries()) expect(times[index + 1]! - times[index]!).toBeGreaterThanOrEqual(wait - 5);
    expect(lines.map((line) => line.level)).toEqual(['error', 'warn']);
  });

  it('by the handler’s clock, a caller after each wait asks again: 1, 2, 4 times the first wait, then the cap', async () => {
    const running = await startService();
    let clock = Date.now();
    const { url } = await served(running, createTokenHandler, {
      logger: recordingLogger().logger,
      now: () => clock,
      recovery: { initialDelayMs: 60_000, maxDelayMs: 300_000 },
    });
    running.service.queueAuthFailures(403, 403, 403, 403, 403);
    expect((await post(`${url}/api/token`, {})).status).toBe(502);
    for (const wait of [60_000, 120_000, 240_000, 300_000]) {
      const asked = running.service.authCalls.length;
      clock += wait - 1;
      expect((await post(`${url}/api/token`, {})).status).toBe(502);
      expect(running.service.authCalls).toHaveLength(asked);
      clock += 1;
      expect((await post(`${url}/api/token`, {})).status).toBe(502);
      expect(running.service.authCalls).toHaveLength(asked + 1);
    }
    expect(running.service.authCalls).toHaveLength(5);
  });

  it('without recovery options, a refused key is asked again 5 s after the refusal by the handler’s clock, not before', async () => {
    const running = await startService();
    let clock = Date.now();
    const { url } = await served(running, createTokenHandler, { logger: recordingLogger().logger, now: () => clock });
    running.service.queueAuthFailures(403, 403);
    expect((await post(`${url}/api/token`, {})).status).toBe(502);
    clock += 4_999;
    expect((await post(`${url}/api/token`, {})).status).toBe(502);
    expect(running.service.authCalls).toHaveLength(1);
    clock += 1;
    expect((await post(`${url}/api/token`, {})).status).toBe(502);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('the retry its timer makes asks /v1/auth though the handler’s clock reads the wait unfinished (a timer may fire a moment early): the refusal’s record never holds back the session that met it', async () => {
    const running = await startService();
    const ends: AuthEvent[] = [];
    const frozen = Date.now();
    const { handler, url } = await served(running, createTokenHandler, {
      logger: recordingLogger().logger,
      // A clock that never moves: by it, every wait is still running when its timer fires.
      now: () => frozen,
      recovery: { initialDelayMs: 50 },
      onEvent: (event) => {
        if (event.type === 'exchange-end') ends.push(event);
      },
    });
    running.service.queueAuthFailures(401);
    expect((await post(`${url}/api/token`, {})).status).toBe(502);

    await waitUntil(() => ends.length === 2);
    expect(ends.map((event) => event.type === 'exchange-end' && event.ok)).toEqual([false, true]);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([401, 200]);
    expect(handler.status()).toMatchObject({ state: 'ok', code: null });
  });

  it('adopts the token another process put in the shared cache meanwhile, without a /v1/auth call of its own', async () => {
    const running = await startService();
    const cache = memoryTokenCache();
    const failingOne = recordingLogger();
    // A asks again 2 s after its refusal: by then B (one request on 127.0.0.1) has shared its token.
    const a = await served(running, createTokenHandler, { logger: failingOne.logger, tokenCache: cache, recovery: { initialDelayMs: 2_000 } });
    const b = await served(running, createTokenHandler, { tokenCache: cache, logger: recordingLogger().logger });
    running.service.queueAuthFailures(403);
    const okAgain = failingOne.next(/ok again/);
    expect((await post(`${a.url}/api/token`, {})).status).toBe(502);
    const fromB = (await (await post(`${b.url}/api/token`, {})).json()) as { token: string };
    await okAgain;
    const fromA = (await (await post(`${a.url}/api/token`, {})).json()) as { token: string };
    expect(fromA.token).toBe(fromB.token);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([403, 200]);
  });

  it('refresh() asks now, before the backoff is over', async () => {
    const running = await startService();
    const { handler, url } = await served(running, createTokenHandler, { logger: recordingLogger().logger, recovery: { initialDelayMs: 60_000 } });
    running.service.queueAuthFailures(401);
    expect((await post(`${url}/api/token`, {})).status).toBe(502);
    const failedAt = handler.status().since;
    await handler.refresh();
    expect(handler.status()).toMatchObject({ state: 'ok', code: null });
    expect(handler.status().since).toBeGreaterThanOrEqual(failedAt);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('a throttled renewal with a token in hand is degraded, not failing: callers keep the token', async () => {
    const running = await startService({ tokenLifetimeSec: 3600 });
    const { lines, logger } = recordingLogger();
    const { handler, url } = await served(running, createTokenHandler, { logger });
    const token = ((await (await post(`${url}/api/token`, {})).json()) as { token: string }).token;
    running.service.queueAuthFailures({ status: 503 });
    await handler.refresh();
    expect(handler.status()).toMatchObject({ state: 'degraded', code: 'UPSTREAM_AUTH_UNAVAILABLE' });
    expect(((await (await post(`${url}/api/token`, {})).json()) as { token: string }).token).toBe(token);
    // The same trouble again changes nothing: still one line.
    running.service.queueAuthFailures({ status: 503 });
    await handler.refresh();
    await handler.refresh();
    expect(handler.status()).toMatchObject({ state: 'ok', code: null });
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'graphql-jwt-auth-react: upstream auth degraded, serving the token in hand: UPSTREAM_AUTH_UNAVAILABLE (/v1/auth answered 503)',
      },
      { level: 'warn', message: 'graphql-jwt-auth-react: upstream auth ok again' },
    ]);
  });

  it('a change of code within the same state is a line too; a failure without an HTTP answer names the URL and the fetch error', async () => {
    const running = await startService();
    const { lines, logger } = recordingLogger();
    let unreachable = 1;
    const { handler, url } = await served(running, createTokenHandler, {
      logger,
      recovery: { initialDelayMs: 60_000 },
      fetch: (input, init) => (unreachable-- > 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
    });
    expect((await post(`${url}/api/token`, {})).status).toBe(503);
    running.service.queueAuthFailures(403);
    await handler.refresh();
    await handler.refresh();
    expect(lines).toEqual([
      {
        level: 'error',
        message: `graphql-jwt-auth-react: upstream auth failing, answering UPSTREAM_AUTH_UNAVAILABLE (could not reach ${running.baseUrl}/v1/auth: fetch failed); asking again with backoff`,
      },
      {
        level: 'error',
        message:
          "graphql-jwt-auth-react: upstream auth failing, answering UPSTREAM_AUTH_REFUSED (/v1/auth answered 403): the service refused the apiKey this handler was given (the docs' recipes read it from API_KEY); asking again with backoff",
      },
      { level: 'warn', message: 'graphql-jwt-auth-react: upstream auth ok again' },
    ]);
  });

  it('refuses a logger without warn and error at start-up', async () => {
    const running = await startService();
    expect(() =>
      createTokenHandler({
        apiKey: API_KEY,
        region: 'test',
        regions: { test: running.baseUrl },
        authorizeRequest: hasSession,
        logger: { warn: () => undefined } as never,
      }),
    ).toThrow(/logger must have warn\(message\) and error\(message\)/);
  });

  it.each([
    [
      'a chain of five causes: the first four, outermost first',
      () => {
        let error = new Error('level 4');
        for (const level of [3, 2, 1]) error = new Error(`level ${String(level)}`, { cause: error });
        return new TypeError('fetch failed', { cause: error });
      },
      'fetch failed: level 1: level 2: level 3',
    ],
    ['a rejection that is no Error: its text', () => 'socket hang up', 'socket hang up'],
  ])('a failed fetch’s log line names %s', async (_what, failure, said) => {
    const running = await startService();
    const { lines, logger } = recordingLogger();
    const { url } = await served(running, createTokenHandler, {
      logger,
      recovery: { initialDelayMs: 60_000 },
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a fetch wrapper may reject with anything
      fetch: () => Promise.reject(failure()),
    });
    expect((await post(`${url}/api/token`, {})).status).toBe(503);
    expect(lines).toEqual([
      {
        level: 'error',
        message: `graphql-jwt-auth-react: upstream auth failing, answering UPSTREAM_AUTH_UNAVAILABLE (could not reach ${running.baseUrl}/v1/auth: ${said}); asking again with backoff`,
      },
    ]);
  });

  it('an upstream that refuses connections is logged with its URL and the socket’s own error, never the key', async () => {
    const { service, baseUrl, close } = await startMockService({ apiKeys: [API_KEY] });
    await close(); // its port now refuses connections
    const running = { service, baseUrl };
    const { lines, logger } = recordingLogger();
    const { url } = await served(running, createTokenHandler, { logger, recovery: { initialDelayMs: 60_000 } });
    expect((await post(`${url}/api/token`, {})).status).toBe(503);
    const { host } = new URL(running.baseUrl);
    expect(lines).toEqual([
      {
        level: 'error',
        message: `graphql-jwt-auth-react: upstream auth failing, answering UPSTREAM_AUTH_UNAVAILABLE (could not reach ${running.baseUrl}/v1/auth: fetch failed: connect ECONNREFUSED ${host}); asking again with backoff`,
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(API_KEY);
  });
});

describe('the log line of a refused key names the setting to check, never the key', () => {
  const KEYS = { a: 'key-a', b: 'key-b' };
  const USERS = { 'sid-a': 'a', 'sid-b': 'b' };
  const as = (url: string, tenant: 'a' | 'b') =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `sid=sid-${tenant}` }, body: '{}' });

  it.each([
    ['with tenantLabel: the tenant, by the label the app gave', '', 'the key credentials() gave for tenant "tenant-b"'],
    ['with a tenantLabel over 100 characters: its first 100', 'x'.repeat(150), `the key credentials() gave for tenant "tenant-b${'x'.repeat(92)}"`],
    ['without: how to have it named', null, 'the key credentials() gave for a tenant (give tenantLabel to have it named here)'],
  ])('a credentials resolver %s', async (_, labelTail, named) => {
    const running = await startService({ apiKeys: Object.values(KEYS) });
    const { lines, logger } = recordingLogger();
    const handler = createTokenHandler({
      credentials: cookieResolver(USERS, KEYS),
      regions: { test: running.baseUrl },
      logger,
      ...(labelTail === null ? {} : { tenantLabel: (request: Request) => `tenant-${request.headers.get('cookie')?.slice(-1) ?? ''}${labelTail}` }),
    });
    const url = await serveHandler(handler);
    running.service.removeApiKey(KEYS.b);

    expect((await as(url, 'a')).status).toBe(200);
    expect((await as(url, 'b')).status).toBe(502);

    expect(lines).toEqual([
      {
        level: 'error',
        message: `graphql-jwt-auth-react: upstream auth failing, answering UPSTREAM_AUTH_REFUSED (/v1/auth answered 401): the service refused ${named}; asking again with backoff`,
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(KEYS.b);
  });
});
