// @vitest-environment node
// The sessions of a handler for many keys: at most maxSessions, the least recently used dropped
// first with its timer; a tenant nobody asked for since its token came keeps no timer and asks
// nothing; a tenant coming back costs at most one /v1/auth (none while a shared cache holds its
// token); one tenant's refused key leaves the others served.
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, type TenantHandlerOptions } from '../../src/server/index.js';
import { type Running, startService, waitUntil } from '../support/fixtures.js';
import { trackLibraryTimers, type TimerTracker } from '../support/live-timers.js';
import { serveHandler } from './serve-handler.js';
import { cookieResolver, keyAsked } from './tenant-fixtures.js';

const KEYS = { a: 'key-a', b: 'key-b', c: 'key-c' };
const USERS = { 'sid-a': 'a', 'sid-b': 'b', 'sid-c': 'c' };

let tracker: TimerTracker | undefined;
afterEach(() => {
  tracker?.stop();
});

const startTenants = (settings: { tokenLifetimeSec?: number } = {}) => startService({ apiKeys: Object.values(KEYS), ...settings });
const options = (running: Running, extra: Partial<TenantHandlerOptions> = {}): TenantHandlerOptions => ({
  credentials: cookieResolver(USERS, KEYS),
  regions: { test: running.baseUrl },
  ...extra,
});

const as = (url: string, tenant: keyof typeof KEYS, body: unknown = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `sid=sid-${tenant}` }, body: JSON.stringify(body) });
const authsFor = (running: Running, tenant: keyof typeof KEYS) => running.service.authCalls.filter((call) => keyAsked(call) === KEYS[tenant]).length;
const renewalTimers = async () => (await tracker?.live())?.filter((stack) => stack.includes('renewal-timer')).length;

/** Polls an asynchronous condition for up to 5 s. */
async function eventually(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the session pool', () => {
  it('holds at most maxSessions, drops the least recently used first, and a dropped session keeps no timer', async () => {
    tracker = trackLibraryTimers();
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    const handler = createTokenHandler(options(running, { maxSessions: 2 }));
    const url = await serveHandler(handler);
    for (const tenant of ['a', 'b', 'a', 'c'] as const) expect((await as(url, tenant)).status).toBe(200);

    expect(handler.status()).toEqual({ sessions: 2, ok: 2, degraded: 0, failing: 0 });
    expect(handler.status({ apiKey: KEYS.b, region: 'test' })).toBeNull();
    expect(handler.status({ apiKey: KEYS.a, region: 'test' })).toMatchObject({ state: 'ok' });
    expect(await renewalTimers()).toBe(2);
    // b comes back: one /v1/auth, and a (now the least recently used) goes.
    expect((await as(url, 'b')).status).toBe(200);
    expect(running.service.authCalls.map(keyAsked)).toEqual([KEYS.a, KEYS.b, KEYS.c, KEYS.b]);
    expect(handler.status({ apiKey: KEYS.a, region: 'test' })).toBeNull();
    expect(await renewalTimers()).toBe(2);
    handler.dispose();
    expect(await renewalTimers()).toBe(0);
  });

  it('a dropped tenant coming back costs no /v1/auth while the shared cache holds its token', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    const url = await serveHandler(createTokenHandler(options(running, { maxSessions: 1, tokenCache: memoryTokenCache() })));
    const first = (await (await as(url, 'a')).json()) as { token: string };
    expect((await as(url, 'b')).status).toBe(200);
    const again = (await (await as(url, 'a')).json()) as { token: string };

    expect(again.token).toBe(first.token);
    expect(running.service.authCalls.map(keyAsked)).toEqual([KEYS.a, KEYS.b]);
  });

  it('a tenant nobody asked for since its token came does not renew when due: its timer stops, and its return costs one /v1/auth', async () => {
    tracker = trackLibraryTimers();
    // 8 s: the timers fire at half of it, and the first count must come before a's renewal starts (its
    // /v1/auth timeout is a timer set from the renewal timer's stack): 4 s of room on a loaded machine.
    const running = await startTenants({ tokenLifetimeSec: 8 });
    const url = await serveHandler(createTokenHandler(options(running)));
    await as(url, 'a');
    await as(url, 'b');
    await as(url, 'a'); // a is used after its token came; b is not
    expect(await renewalTimers()).toBe(2);

    // Both timers fire at about half the token's life: a renews, b pauses.
    await eventually(() => authsFor(running, 'a') === 2);
    expect(authsFor(running, 'a')).toBe(2);
    await eventually(async () => (await renewalTimers()) === 1);
    expect(await renewalTimers()).toBe(1);
    expect(authsFor(running, 'b')).toBe(1);

    const back = await as(url, 'b');
    expect(back.status).toBe(200);
    expect(authsFor(running, 'b')).toBe(2);
    expect(await renewalTimers()).toBe(2);
  });

  it('a tenant nobody asks for while /v1/auth fails tries one background renewal, then waits for its next request', async () => {
    // 5 s: the token's exp is in whole seconds, and the retry a second after the failed renewal must fall before it.
    const running = await startTenants({ tokenLifetimeSec: 5 });
    const handler = createTokenHandler(options(running, { logger: { warn: () => undefined, error: () => undefined } }));
    const url = await serveHandler(handler);
    await as(url, 'a');
    await as(url, 'a'); // used after its token came
    running.service.queueAuthFailures(503);
    // Its timer fires at half the token's life; the renewal fails, and the token in hand serves on.
    await waitUntil(() => handler.status({ apiKey: KEYS.a, region: 'test' })?.state === 'degraded');
    expect(authsFor(running, 'a')).toBe(2);
    // b's token comes now and b is used: its renewal, due after a's next timer, marks the time.
    await as(url, 'b');
    await as(url, 'b');
    await eventually(() => authsFor(running, 'b') === 2);
    expect(authsFor(running, 'b')).toBe(2);
    expect(authsFor(running, 'a')).toBe(2);
    handler.dispose();
  });

  it('a request that came while its background renewal was failing keeps the tenant renewing: its next timer asks again', async () => {
    const running = await startTenants({ tokenLifetimeSec: 5 });
    let resolved = 0;
    const credentials = cookieResolver(USERS, KEYS);
    const handler = createTokenHandler(
      options(running, { credentials: (request) => ((resolved += 1), credentials(request)), logger: { warn: () => undefined, error: () => undefined } }),
    );
    const url = await serveHandler(handler);
    await as(url, 'a');
    await as(url, 'a');
    running.service.queueAuthFailures(503);
    const release = running.service.pauseAuth();
    await waitUntil(() => authsFor(running, 'a') === 2); // the background renewal, held
    const during = as(url, 'a');
    await waitUntil(() => resolved === 3);
    release();
    expect((await during).status).toBe(200);
    expect(handler.status({ apiKey: KEYS.a, region: 'test' })?.state).toBe('degraded');
    await eventually(() => authsFor(running, 'a') === 3);
    expect(authsFor(running, 'a')).toBe(3);
    await waitUntil(() => handler.status({ apiKey: KEYS.a, region: 'test' })?.state === 'ok');
    handler.dispose();
  });

  it('refresh() asks /v1/auth once for every tenant held, and resolves when one tenant’s key is refused: that tenant alone reads failing', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    const handler = createTokenHandler(options(running, { logger: { warn: () => undefined, error: () => undefined } }));
    const url = await serveHandler(handler);
    for (const tenant of ['a', 'b'] as const) expect((await as(url, tenant)).status).toBe(200);
    running.service.removeApiKey(KEYS.b);

    await handler.refresh();

    // The two renewals run at once: either may reach the service first.
    expect(running.service.authCalls.map(keyAsked).slice(2).sort()).toEqual([KEYS.a, KEYS.b]);
    expect(handler.status()).toEqual({ sessions: 2, ok: 1, degraded: 0, failing: 1 });
    expect(handler.status({ apiKey: KEYS.b, region: 'test' })).toMatchObject({ state: 'failing', code: 'UPSTREAM_AUTH_REFUSED' });
    handler.dispose();
  });

  it('one tenant’s revoked key fails that tenant only: the others keep being served, and status() counts each state', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    const handler = createGraphQLProxy(options(running, { logger: { warn: () => undefined, error: () => undefined } }));
    const url = await serveHandler(handler);
    const query = { query: 'query Count { pentests_count }' };
    for (const tenant of ['a', 'b'] as const) expect((await as(url, tenant, query)).status).toBe(200);
    running.service.removeApiKey(KEYS.a);
    running.service.expireTokensNow();

    expect((await as(url, 'a', query)).status).toBe(502);
    expect((await as(url, 'b', query)).status).toBe(200);
    expect((await as(url, 'a', query)).status).toBe(502); // in backoff: not asked again
    expect(running.service.authCalls.map(keyAsked)).toEqual([KEYS.a, KEYS.b, KEYS.a, KEYS.b]);
    expect(handler.status()).toEqual({ sessions: 2, ok: 1, degraded: 0, failing: 1 });
    expect(handler.status({ apiKey: KEYS.a, region: 'test' })).toMatchObject({ state: 'failing', code: 'UPSTREAM_AUTH_REFUSED' });
  });
});

describe('a failing tenant’s backoff outlives its session (issue 47: with more tenants than maxSessions, 30 requests asked a revoked key 30 times)', () => {
  /** A pool of one session on a clock the test moves: every other request drops the other tenant's session. */
  async function churningPool(running: Running, extra: Partial<TenantHandlerOptions> = {}) {
    const clock = { now: Date.now() };
    const logger = { warn: () => undefined, error: () => undefined };
    const handler = createGraphQLProxy(options(running, { maxSessions: 1, now: () => clock.now, logger, ...extra }));
    const url = await serveHandler(handler);
    const query = (tenant: keyof typeof KEYS) => as(url, tenant, { query: '{ pentests_count }' });
    return { clock, query, handler };
  }

  /** A shared cache that stores hold-offs but cannot read them back: no farm hold-off, so the handler's own record keeps the outage. */
  const writeOnlyHoldOffs = () => {
    const { read, write, compareAndSet, takeLease, releaseLease, holdOff } = memoryTokenCache();
    return { read, write, compareAndSet, takeLease, releaseLease, holdOff };
  };
  const caches = [
    ['without a shared cache', () => ({})],
    ['with a shared cache', () => ({ tokenCache: memoryTokenCache() })],
    ['with a shared cache that cannot read its hold-offs back', () => ({ tokenCache: writeOnlyHoldOffs() })],
  ] as const;

  it.each(caches)('%s, a refused key is asked once per recovery step however the pool churns: 5 s, then 10 s, to the millisecond', async (_, cache) => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    running.service.removeApiKey(KEYS.a);
    const { clock, query } = await churningPool(running, cache());
    const churn = async (rounds = 3) => {
      for (let round = 0; round < rounds; round++) {
        const [a, b] = [await query('a'), await query('b')];
        expect([a.status, b.status]).toEqual([502, 200]);
      }
    };

    await churn(15);
    expect(authsFor(running, 'a')).toBe(1);
    // The clock moved on, then the calls a's key has cost: the second step waits twice as long.
    for (const [ms, asked] of [
      [4_999, 1],
      [1, 2],
      [9_999, 2],
      [1, 3],
    ] as const) {
      clock.now += ms;
      await churn();
      expect(authsFor(running, 'a')).toBe(asked);
    }

    // The key is accepted again: the next step's one call brings a token.
    running.service.addApiKey(KEYS.a);
    clock.now += 20_000;
    expect((await query('a')).status).toBe(200);
    expect(authsFor(running, 'a')).toBe(4);
  });

  // With a shared cache, its hold-off is the record (docs/redis.md).
  it.each(caches)(
    '%s, an outage: each tenant asks once per backoff step however the pool churns, and every caller meanwhile gets 503 with Retry-After',
    async (_, cache) => {
      const running = await startTenants({ tokenLifetimeSec: 3600 });
      running.service.failNextAuthCalls(1_000, 503);
      const { clock, query } = await churningPool(running, cache());
      // Retry-After tells what is left of the step's wait, in whole seconds: never past the step's cap.
      const churn = async (capS: number, rounds = 3) => {
        for (let round = 0; round < rounds; round++) {
          for (const answer of [await query('a'), await query('b')]) {
            expect(answer.status).toBe(503);
            expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
            expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(capS);
          }
        }
      };

      await churn(1, 15);
      expect([authsFor(running, 'a'), authsFor(running, 'b')]).toEqual([1, 1]);
      // Each step's wait is drawn below its cap: 1 s, then 2 s.
      clock.now += 1_000;
      await churn(2);
      expect([authsFor(running, 'a'), authsFor(running, 'b')]).toEqual([2, 2]);
      clock.now += 2_000;
      await churn(4);
      expect([authsFor(running, 'a'), authsFor(running, 'b')]).toEqual([3, 3]);
    },
  );

  // The jitter is pinned (0.1 of the step, then 0.9) so the farm's draw and any second one differ.
  it('with a shared cache that holds off, the farm’s wait is the only one: a tenant’s next session asks the moment it ends', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(0.1).mockReturnValueOnce(0.9);
    onTestFinished(() => {
      random.mockRestore();
    });
    running.service.failNextAuthCalls(1, 503);
    const { clock, query } = await churningPool(running, { tokenCache: memoryTokenCache() });
    expect((await query('a')).status).toBe(503);
    expect((await query('b')).status).toBe(200);
    clock.now += 100; // the first step's 1 s, times 0.1
    expect((await query('a')).status).toBe(200);
    expect([authsFor(running, 'a'), authsFor(running, 'b')]).toEqual([2, 1]);
  });

  it('a token obtained starts the steps again: the next refusal waits the first step, 5 s, not the next', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    running.service.removeApiKey(KEYS.a);
    const { clock, query } = await churningPool(running);
    expect((await query('a')).status).toBe(502);
    running.service.addApiKey(KEYS.a);
    clock.now += 5_000;
    expect((await query('a')).status).toBe(200);
    expect(authsFor(running, 'a')).toBe(2);

    running.service.removeApiKey(KEYS.a);
    running.service.expireTokensNow();
    expect((await query('a')).status).toBe(502);
    expect((await query('b')).status).toBe(200);
    expect(authsFor(running, 'a')).toBe(3);
    clock.now += 5_000;
    expect((await query('a')).status).toBe(502);
    expect(authsFor(running, 'a')).toBe(4);
  });

  it('a refusal after an outage waits the first recovery step, 5 s: the outage’s failures are not steps of the refusal’s backoff', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    running.service.removeApiKey(KEYS.a);
    running.service.queueAuthFailures(503);
    const { clock, query } = await churningPool(running);
    expect((await query('a')).status).toBe(503);
    clock.now += 1_000; // the first outage step's cap
    expect((await query('b')).status).toBe(200);
    expect((await query('a')).status).toBe(502);
    expect(authsFor(running, 'a')).toBe(2);

    running.service.addApiKey(KEYS.a);
    clock.now += 5_000;
    expect((await query('b')).status).toBe(200);
    expect((await query('a')).status).toBe(200);
    expect(authsFor(running, 'a')).toBe(3);
  });

  it('a renewal that fails in an outage while the tenant holds a token is that session’s own: the tenant’s next session asks at once', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    const { query, handler } = await churningPool(running);
    expect((await query('a')).status).toBe(200);
    running.service.queueAuthFailures(503);
    await handler.refresh(); // a's renewal: 503, its token serves on
    expect(handler.status({ apiKey: KEYS.a, region: 'test' })).toMatchObject({ state: 'degraded', code: 'UPSTREAM_AUTH_UNAVAILABLE' });

    expect((await query('b')).status).toBe(200); // drops a's session
    expect((await query('a')).status).toBe(200);
    expect(running.service.authCalls.map((call) => [keyAsked(call), call.status])).toEqual([
      [KEYS.a, 200],
      [KEYS.a, 503],
      [KEYS.b, 200],
      [KEYS.a, 200],
    ]);
  });

  it('a key refused to a tenant holding a token is remembered past its session: the next session waits the recovery step, 5 s', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    const { clock, query, handler } = await churningPool(running);
    expect((await query('a')).status).toBe(200);
    running.service.removeApiKey(KEYS.a);
    await handler.refresh(); // a's renewal: refused
    expect(authsFor(running, 'a')).toBe(2);

    expect((await query('b')).status).toBe(200); // drops a's session
    expect((await query('a')).status).toBe(502);
    expect(authsFor(running, 'a')).toBe(2);
    clock.now += 5_000;
    expect((await query('b')).status).toBe(200);
    expect((await query('a')).status).toBe(502);
    expect(authsFor(running, 'a')).toBe(3);
  });

  it('a tenant that stays in the pool keeps its own schedule: the record of its failure never holds back the session that met it', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 });
    running.service.removeApiKey(KEYS.a);
    const { clock, query } = await churningPool(running, { maxSessions: 2 });
    expect((await query('a')).status).toBe(502);
    running.service.addApiKey(KEYS.a);
    clock.now += 5_000;
    expect((await query('a')).status).toBe(200);
    expect(authsFor(running, 'a')).toBe(2);
  });
});

describe('the failures remembered past their sessions are the last 1 024 tenants’ (docs/tenants.md), the least recently failed forgotten first', () => {
  /** Tenants asked at once: no more than the pool holds, so none of their sessions is dropped while it asks. */
  const AT_ONCE = 32;

  it('a 1 025th failing tenant forgets the oldest failure, and only it; a tenant failing again is the newest', async () => {
    const running = await startTenants({ tokenLifetimeSec: 3600 }); // none of the tenants' keys is accepted
    const clock = { now: Date.now() };
    const handler = createTokenHandler({
      credentials: (request) => ({ apiKey: `key-${/tenant=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? ''}`, region: 'test' }),
      regions: { test: running.baseUrl },
      maxSessions: AT_ONCE,
      now: () => clock.now,
      recovery: { initialDelayMs: 60_000 },
      logger: { warn: () => undefined, error: () => undefined },
    });
    onTestFinished(() => {
      handler.dispose();
    });
    const refused = async (...tenants: number[]) => {
      const answers = await Promise.all(
        tenants.map((tenant) =>
          handler.fetchInProcess('/api/token', { method: 'POST', headers: { 'content-type': 'application/json', cookie: `tenant=t${tenant}` }, body: '{}' }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(tenants.map(() => 502));
    };
    const asked = (tenant: number) => running.service.authCalls.filter((call) => keyAsked(call) === `key-t${tenant}`).length;

    await refused(0);
    clock.now += 60_000; // t0's step is over: its next refusal is recorded anew
    await refused(1);
    await refused(2);
    for (let first = 3; first < 1_024; first += AT_ONCE) await refused(...Array.from({ length: Math.min(AT_ONCE, 1_024 - first) }, (_, at) => first + at));
    await refused(0);
    expect(asked(0)).toBe(2);
    // 1 025 tenants remembered for a moment: t1's record, now the oldest, goes.
    await refused(1_024);

    await refused(2);
    expect(asked(2)).toBe(1);
    await refused(1);
    expect(asked(1)).toBe(2);
    expect(running.service.authCalls).toHaveLength(1_027);
  });
});
