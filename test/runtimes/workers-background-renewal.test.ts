import { afterEach, describe, expect, it } from 'vitest';
import { decodeJwtClaims } from '../../src/core/index.js';
import { createMockService, type MockService } from '../../src/testing/index.ts';
import type { RuntimeProcess } from './runtime-process.ts';
import { startWorkerd } from './workerd-config.ts';

const API_KEY = 'runtime-key';
/** Renewal falls due halfway through a token's life (the margin is at most half of it): 3 s here. */
const LIFETIME_SEC = 6;
const HELLO = JSON.stringify({ query: '{ hello }' });

const running: Array<{ close: () => Promise<void> } | RuntimeProcess> = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await ('stop' in item ? item.stop() : item.close());
});

async function setUp(background: 'on' | 'off'): Promise<{ mock: MockService; ask: () => Promise<Response> }> {
  const mock = createMockService({
    typeDefs: 'type Query { hello: String }',
    resolvers: { Query: { hello: () => 'world' } },
    apiKeys: [API_KEY],
    regions: ['local'],
    tokenLifetimeSec: LIFETIME_SEC,
  });
  const listening = await mock.listen();
  running.push(listening);
  const worker = await startWorkerd('worker.mjs', { UPSTREAM: listening.baseUrl, API_KEY, BACKGROUND: background });
  running.push(worker);
  const ask = () =>
    fetch(`${worker.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'session=signed-in' }, body: HELLO });
  return { mock, ask };
}

/**
 * Waits, in real time, until the token the service issued last is due for renewal but still valid:
 * the isolate sits idle meanwhile, which is the situation under test, so no event can stand in for it.
 */
async function idleUntilDue(mock: MockService): Promise<void> {
  const claims = decodeJwtClaims(mock.issuedTokens.at(-1) ?? '');
  const issuedAt = Number(claims?.iat) * 1000;
  // iat is whole seconds, so the token was received up to 1 s after it: due 3 s after receipt, so
  // between iat + 3 s and iat + 4 s; expired 6 s after receipt. iat + 4.25 s is due and valid either way.
  const dueAt = issuedAt + 1_000 + (LIFETIME_SEC * 1000) / 2 + 250;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now())));
}

/** Resolves when the service has received its `count`-th /v1/auth call (answered or held). */
function authCallArrived(mock: MockService, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (mock.authCalls.length < count) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = mock.subscribe(check);
    check();
  });
}

describe('a Worker whose token fell due while the isolate was idle (workerd)', () => {
  it('with waitUntil: the next request is answered while /v1/auth is held, and the renewal lands after it', async () => {
    const { mock, ask } = await setUp('on');
    expect((await ask()).status).toBe(200);
    const first = mock.issuedTokens[0];
    await idleUntilDue(mock);

    const release = mock.pauseAuth();
    const answered = await ask(); // /v1/auth is held: only a request that does not wait for it returns
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ data: { hello: 'world' } });
    await authCallArrived(mock, 2);
    expect(mock.graphqlCalls.at(-1)?.token).toBe(first);
    release();

    // The renewal ran in the background; the next request uses its token and asks nothing more.
    await new Promise<void>((resolve) => {
      const unsubscribe = mock.subscribe(() => {
        if (mock.issuedTokens.length === 2) {
          unsubscribe();
          resolve();
        }
      });
    });
    // The Worker adopts it when the answer reaches it; until then it serves the valid token it holds,
    // and asks nothing more. Bounded: 100 requests, each an event of its own.
    for (let attempt = 0; attempt < 100 && mock.graphqlCalls.at(-1)?.token !== mock.issuedTokens[1]; attempt++) {
      expect((await ask()).status).toBe(200);
    }
    expect(mock.graphqlCalls.at(-1)?.token).toBe(mock.issuedTokens[1]);
    expect(mock.authCalls).toHaveLength(2);
  });

  it('without waitUntil: the same request waits for /v1/auth (the cost waitUntil removes)', async () => {
    const { mock, ask } = await setUp('off');
    expect((await ask()).status).toBe(200);
    await idleUntilDue(mock);

    const release = mock.pauseAuth();
    let settled = false;
    const pending = ask().then((response) => {
      settled = true;
      return response;
    });
    await authCallArrived(mock, 2);
    expect(settled).toBe(false);
    release();
    const answered = await pending;
    expect(answered.status).toBe(200);
    expect(mock.graphqlCalls.at(-1)?.token).toBe(mock.issuedTokens[1]);
    expect(mock.authCalls).toHaveLength(2);
  });
});
