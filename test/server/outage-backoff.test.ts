// @vitest-environment node
// An outage of /v1/auth with no token in hand: one exchange per backoff step for the whole process,
// every caller meanwhile answered 503 with Retry-After, and Retry-After as the backoff's floor.
import { createServer } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AuthNetworkError, AuthServerError, createAuthClient } from '../../src/core/index.js';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, type ServerHandlerOptions } from '../../src/server/index.js';
import { freePort } from '../support/free-ports.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';
import { hasSession, post, serveHandler } from './serve-handler.js';

const ITEMS = { query: '{ pentests_count }' };
const HANDLERS = [
  ['token handler', createTokenHandler, {}],
  ['GraphQL proxy', createGraphQLProxy, ITEMS],
] as const;

/** A handler on a clock the test moves: the backoff's steps pass only when the test says so. */
async function handlerOnClock(
  running: Running,
  make: (options: ServerHandlerOptions) => ReturnType<typeof createTokenHandler>,
  options: Partial<ServerHandlerOptions> = {},
) {
  const clock = { now: Date.now() };
  const url = await serveHandler(
    make({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, now: () => clock.now, ...options }),
  );
  return { url, clock };
}

describe.each(HANDLERS)('the %s during an outage of /v1/auth', (_name, make, body) => {
  it.each([
    ['503', 503],
    ['500', 500],
    ['429 without Retry-After', 429],
  ] as const)('%s: 100 sequential and 50 concurrent requests cost 1 /v1/auth call, each answered 503 with Retry-After', async (_label, status) => {
    const running = await startService();
    running.service.failNextAuthCalls(1_000, status);
    const { url, clock } = await handlerOnClock(running, make);

    const answers: Response[] = [];
    for (let index = 0; index < 100; index++) answers.push(await post(url, body));
    answers.push(...(await Promise.all(Array.from({ length: 50 }, () => post(url, body)))));

    expect(running.service.authCalls).toHaveLength(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(150).fill(503));
    const waits = answers.map((answer) => Number(answer.headers.get('retry-after')));
    // The first step of the backoff is at most 1 s: told as 1 s, the whole seconds rounded up.
    expect(new Set(waits)).toEqual(new Set([1]));
    const codes = await Promise.all(answers.slice(0, 3).map(async (answer) => JSON.stringify(await answer.json())));
    for (const code of codes) expect(code).toContain('UPSTREAM_AUTH_UNAVAILABLE');

    // The step is over and the outage goes on: the next requests ask again, once between them.
    clock.now += 1_000;
    const after = await Promise.all(Array.from({ length: 10 }, () => post(url, body)));
    expect(after.map((answer) => answer.status)).toEqual(Array(10).fill(503));
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('Retry-After is the floor: no exchange before it, and callers are told what is left of it', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 503, headers: { 'retry-after': '20' } });
    const { url, clock } = await handlerOnClock(running, make);

    expect((await post(url, body)).headers.get('retry-after')).toBe('20');
    clock.now += 15_000;
    const waiting = await post(url, body);
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('5');
    clock.now += 4_999;
    expect((await post(url, body)).status).toBe(503);
    expect(running.service.authCalls).toHaveLength(1);

    clock.now += 1;
    expect((await post(url, body)).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('an auth endpoint refusing connections: one attempt per step, not one per request', async () => {
    const running = await startService();
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { url, clock } = await handlerOnClock(running, make, { regions: { test: closed } });

    const answers = [];
    for (let index = 0; index < 20; index++) answers.push(await post(url, body));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(503));
    expect(new Set(answers.map((answer) => answer.headers.get('retry-after')))).toEqual(new Set(['1']));

    // Each further step doubles the cap: after 1 + 2 s, at most two more attempts were possible.
    clock.now += 1_000;
    await post(url, body);
    const second = await post(url, body);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(2);
  });
});

describe('handlers sharing a memoryTokenCache during an outage of /v1/auth', () => {
  it('a token handler and a proxy of one process hold off together: one /v1/auth per backoff step for both, then one for both on recovery', async () => {
    const running = await startService();
    running.service.failNextAuthCalls(2, 503);
    const clock = { now: Date.now() };
    const shared: Partial<ServerHandlerOptions> = { tokenCache: memoryTokenCache(() => clock.now), now: () => clock.now };
    const { url: tokenUrl } = await handlerOnClock(running, createTokenHandler, shared);
    const { url: proxyUrl } = await handlerOnClock(running, createGraphQLProxy, shared);
    const both = () => Promise.all([post(tokenUrl, {}), post(proxyUrl, ITEMS)]);

    const first = await post(tokenUrl, {});
    // The proxy learns the token handler's failure from the cache: it asks no one.
    const second = await post(proxyUrl, ITEMS);
    expect([first.status, second.status]).toEqual([503, 503]);
    expect([first.headers.get('retry-after'), second.headers.get('retry-after')]).toEqual(['1', '1']);
    expect(running.service.authCalls).toHaveLength(1);

    // Step 1 (at most 1 s) is over: one of the two asks, and the other is told its failure.
    clock.now += 1_000;
    const stepTwo = await both();
    expect(stepTwo.map((answer) => answer.status)).toEqual([503, 503]);
    for (const answer of stepTwo) expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    expect(running.service.authCalls).toHaveLength(2);

    clock.now += 2_000;
    expect((await both()).map((answer) => answer.status)).toEqual([200, 200]);
    expect(running.service.authCalls).toHaveLength(3);
  });

  it('an auth endpoint that drops every connection: the second handler learns the failure from the cache, one connection per step for both', async () => {
    const running = await startService();
    const dropped = { connections: 0 };
    const endpoint = createServer((socket) => {
      dropped.connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    onTestFinished(
      () =>
        new Promise<void>((resolve) => {
          endpoint.close(() => {
            resolve();
          });
        }),
    );
    const address = endpoint.address();
    if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
    const clock = { now: Date.now() };
    const shared: Partial<ServerHandlerOptions> = {
      tokenCache: memoryTokenCache(() => clock.now),
      now: () => clock.now,
      regions: { test: `http://127.0.0.1:${address.port}` },
    };
    const { url: tokenUrl } = await handlerOnClock(running, createTokenHandler, shared);
    const { url: proxyUrl } = await handlerOnClock(running, createGraphQLProxy, shared);

    const answers = [await post(tokenUrl, {}), await post(proxyUrl, ITEMS), await post(proxyUrl, ITEMS)];

    expect(answers.map((answer) => [answer.status, answer.headers.get('retry-after')])).toEqual(Array(3).fill([503, '1']));
    expect(dropped.connections).toBe(1);
    clock.now += 1_000;
    await Promise.all([post(tokenUrl, {}), post(proxyUrl, ITEMS)]);
    expect(dropped.connections).toBe(2);
  });
});

describe('browser clients during an outage', () => {
  it('one exchange per backoff step for every caller of a client; errors say how long is left', async () => {
    const running = await startService();
    running.service.failNextAuthCalls(1_000, 503);
    let clock = Date.now();
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, now: () => clock });

    const first = (await client.getToken().catch((error: unknown) => error)) as AuthServerError;
    const rest = await Promise.all(Array.from({ length: 30 }, () => client.getToken().catch((error: unknown) => error as AuthServerError)));

    expect(running.service.authCalls).toHaveLength(1);
    expect(first).toBeInstanceOf(AuthServerError);
    expect(first.retryAfterMs).toBeUndefined(); // the service said nothing
    expect(first.retryInMs).toBeGreaterThanOrEqual(1);
    expect(first.retryInMs).toBeLessThanOrEqual(1_000);
    for (const error of rest) expect(error).toMatchObject({ name: 'AuthServerError', status: 503, retryInMs: first.retryInMs });

    clock += first.retryInMs ?? 0;
    await expect(client.getToken()).rejects.toBeInstanceOf(AuthServerError);
    expect(running.service.authCalls).toHaveLength(2);
    client.dispose();
  });

  it('full jitter: clients that failed together wait different times, each within the step', async () => {
    const running = await startService();
    const closed = `http://127.0.0.1:${await freePort()}`;
    const clients = Array.from({ length: 20 }, () => createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: closed } }));

    const errors = await Promise.all(
      clients.map((client) =>
        client.getToken().then(
          () => null,
          (error: unknown) => error as AuthNetworkError,
        ),
      ),
    );

    const waits = errors.map((error) => error?.retryInMs ?? -1);
    for (const error of errors) expect(error).toBeInstanceOf(AuthNetworkError);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(1_000);
    // 20 draws from a millisecond scale of 1000: equal only if the waits were fixed.
    expect(new Set(waits).size).toBeGreaterThan(10);
    for (const client of clients) client.dispose();
    expect(running.service.authCalls).toHaveLength(0);
  });

  it('refresh() asks at once: the client’s own backoff yields to the app', async () => {
    const running = await startService();
    running.service.queueAuthFailures(503);
    const frozen = Date.now(); // the backoff never ends by itself
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, now: () => frozen });

    await expect(client.getToken()).rejects.toBeInstanceOf(AuthServerError);
    const token = await client.refresh();
    expect(token).toBe(running.service.issuedTokens[0]);
    expect(running.service.authCalls).toHaveLength(2);
    client.dispose();
  });
});
