// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type DurableObjectNamespaceLike, durableObjectTokenCache, TokenCacheObject } from '../../src/cloudflare/index.js';
import { createGraphQLProxy } from '../../src/server/index.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';
import { API_KEY, sleep, startService } from '../support/fixtures.js';

/**
 * The Durable Object class as the Workers runtime drives it (one instance per name, a `fetch` per
 * step), on an in-memory storage: what it accepts and what it answers. The fleet on workerd is
 * test/runtimes/workers-fleet.test.ts.
 */
function namespace() {
  const objects = new Map<string, TokenCacheObject>();
  const objectFor = (name: string) => {
    let object = objects.get(name);
    if (object === undefined) {
      const stored = new Map<string, unknown>();
      object = new TokenCacheObject({
        storage: {
          get: (key) => Promise.resolve(stored.get(key)),
          put: (key, value) => Promise.resolve(void stored.set(key, value)),
          delete: (key) => Promise.resolve(stored.delete(key)),
        },
      });
      objects.set(name, object);
    }
    return object;
  };
  const binding: DurableObjectNamespaceLike = {
    idFromName: (name) => name,
    get: (id) => ({ fetch: (input, init) => objectFor(id).fetch(new Request(input, init)) }),
  };
  /** A step as anyone holding the binding can send it. */
  const send = (name: string, body: unknown) =>
    objectFor(name).fetch(new Request('https://token-cache.internal/step', { method: 'POST', body: JSON.stringify(body) }));
  return { binding, send };
}

const NAME = 'graphql-jwt-auth-react:token:abc';
const ITEMS = { query: '{ pentests_count }' };

describe('TokenCacheObject, as anyone holding the binding can ask it', () => {
  it.each([
    ['a TTL of 1e300 ms', { op: 'set', name: NAME, value: 'v', ttlMs: 1e300 }, 'ttlMs'],
    ['a TTL past a day', { op: 'setIfAbsent', name: NAME, value: 'v', ttlMs: 24 * 3_600_000 + 1 }, 'ttlMs'],
    ['a negative TTL', { op: 'set', name: NAME, value: 'v', ttlMs: -1 }, 'ttlMs'],
    ['a TTL as text', { op: 'replaceIfTagged', name: NAME, tag: 't', value: 'v', ttlMs: '1000' }, 'ttlMs'],
    ['a 32 KiB value', { op: 'set', name: NAME, value: 'x'.repeat(32 * 1024), ttlMs: 1_000 }, 'value'],
    ['an empty value', { op: 'deleteIfEquals', name: NAME, value: '' }, 'value'],
    ['a 1 KiB name', { op: 'get', name: 'n'.repeat(1024) }, 'name'],
    ['a numeric name', { op: 'get', name: 42 }, 'name'],
    ['a 1 KiB tag', { op: 'replaceIfTagged', name: NAME, tag: 't'.repeat(1024), value: 'v', ttlMs: 1_000 }, 'tag'],
    ['an unknown op', { op: 'flushAll', name: NAME }, 'op'],
    ['an array', [{ op: 'get', name: NAME }], 'object'],
  ])('%s is refused with a typed 400 naming what is wrong, and nothing is stored', async (_label, step, field) => {
    const { send } = namespace();

    const answer = await send(NAME, step);

    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { code: string; error: string };
    expect(body.code).toBe('INVALID_CACHE_STEP');
    expect(body.error).toContain(field);
    expect(await (await send(NAME, { op: 'get', name: NAME })).json()).toEqual({ value: null });
  });

  it('a lease parked with more time left than the lease asks for is not honoured; one within it is', async () => {
    const { send } = namespace();
    const lease = 'graphql-jwt-auth-react:lease:abc';
    await send(lease, { op: 'set', name: lease, value: 'parked', ttlMs: 3_600_000 });

    const taken = await send(lease, { op: 'setIfAbsent', name: lease, value: 'a process', ttlMs: 10_000 });
    const again = await send(lease, { op: 'setIfAbsent', name: lease, value: 'another process', ttlMs: 10_000 });

    expect(await taken.json()).toEqual({ done: true });
    expect(await again.json()).toEqual({ done: false });
    expect(await (await send(lease, { op: 'get', name: lease })).json()).toEqual({ value: 'a process' });
  });

  it('a fleet whose lease was parked for an hour renews at once on a cold start: one /v1/auth, not a wait of waitTimeoutMs', async () => {
    const running = await startService();
    const { binding, send } = namespace();
    const names = new Set<string>();
    const recorded: DurableObjectNamespaceLike = { ...binding, idFromName: (name) => (names.add(name), binding.idFromName(name)) };
    const proxy = () => {
      const tokenCache = durableObjectTokenCache(recorded, { keySecret: 'a secret of thirty-two characters!' });
      return serveHandler(
        createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }),
      );
    };
    await post(await proxy(), ITEMS);
    // The writer learns the fleet's names from its first renewal, empties the entry and parks the lease.
    const [token, lease] = [[...names].find((name) => name.includes(':token:')) ?? '', [...names].find((name) => name.includes(':lease:')) ?? ''];
    const { value } = (await (await send(token, { op: 'get', name: token })).json()) as { value: string };
    await send(token, { op: 'deleteIfEquals', name: token, value });
    await send(lease, { op: 'set', name: lease, value: 'parked', ttlMs: 3_600_000 });

    const answer = await Promise.race([post(await proxy(), ITEMS).then((response) => response.status), sleep(5_000).then(() => 'still waiting')]);

    expect(answer).toBe(200);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('two Workers on one object during an outage of /v1/auth: the second asks no one until the first one’s hold-off ends, then one /v1/auth serves both', async () => {
    const running = await startService();
    running.service.failNextAuthCalls(1, 503);
    const { binding } = namespace();
    const clock = { now: Date.now() };
    const proxy = () => {
      const tokenCache = durableObjectTokenCache(binding, { encryptionKey: 'the fleet secret, thirty-two chars!' });
      return serveHandler(
        createGraphQLProxy({
          apiKey: API_KEY,
          region: 'test',
          regions: { test: running.baseUrl },
          authorizeRequest: hasSession,
          tokenCache,
          now: () => clock.now,
        }),
      );
    };
    const [first, second] = [await proxy(), await proxy()];

    expect((await post(first, ITEMS)).status).toBe(503);
    const told = await post(second, ITEMS);
    expect([told.status, told.headers.get('retry-after')]).toEqual([503, '1']);
    expect(running.service.authCalls).toHaveLength(1);

    clock.now += 1_000; // the first step waits at most 1 s
    expect((await post(second, ITEMS)).status).toBe(200);
    expect((await post(first, ITEMS)).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(2);
  });
});
