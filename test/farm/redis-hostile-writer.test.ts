// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RedisClientLike, redisTokenCache, type RedisTokenCacheOptions } from '../../src/redis/index.js';
import { createGraphQLProxy, type ServerHandlerOptions } from '../../src/server/index.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';
import { API_KEY, bearerTokens, sleep, startService, type Running } from '../support/fixtures.js';
import { redisClient, testRedis } from './farm.js';
import type { RedisServer } from './redis-server.js';

/**
 * Someone who can write to the farm's Redis but is none of its processes: without `encryptionKey`
 * they choose the token anyway, so what is held here is that they cannot stall a process, send it
 * back to a token the service already refused, or hold up its renewals.
 */

const ITEMS = { query: '{ pentests_count }' };
const KEYED: RedisTokenCacheOptions = { keySecret: 'a secret of thirty-two characters!' };
const SEALED: RedisTokenCacheOptions = { encryptionKey: 'a secret of thirty-two characters!' };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A proxy in this process on the Redis cache through `client`, as a fresh instance of the farm would start. */
function proxyWith(running: Running, client: RedisClientLike, options: RedisTokenCacheOptions) {
  const tokenCache = redisTokenCache(client, options);
  return serveHandler(createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }));
}

async function proxyOn(running: Running, redis: RedisServer, options: RedisTokenCacheOptions = KEYED) {
  return proxyWith(running, await redisClient(redis), options);
}

/** The farm's one token entry, as the writer finds it with KEYS. */
async function tokenKey(writer: Awaited<ReturnType<typeof redisClient>>): Promise<string> {
  const [key] = await writer.keys('*token:*');
  if (key === undefined) throw new Error('Expected a token entry');
  return key;
}

/** A farm whose first process has shared its token, the writer's client, and that entry's key; warnings caught. */
async function sharedEntry() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const running = await startService();
  const redis = await testRedis();
  const writer = await redisClient(redis);
  await post(await proxyOn(running, redis), ITEMS);
  return { warn, running, redis, writer, key: await tokenKey(writer) };
}

/** The answer, or 'still waiting' after 5 s of real time (a cold start without a renewal costs milliseconds). */
const within5s = <T>(answer: Promise<T>) => Promise.race([answer, sleep(5_000).then(() => 'still waiting' as const)]);

describe('a hostile writer on the farm’s Redis', () => {
  it('a 32 MiB value never crosses into a process: it reads as no entry, is replaced, and nothing is logged', async () => {
    const { warn, running, redis, writer, key } = await sharedEntry();
    await writer.set(key, `abc.${'x'.repeat(32 * 1024 * 1024)}`);
    // Every reply the next process's client receives from Redis, measured.
    const client = await redisClient(redis);
    const replies: number[] = [];
    const measured =
      <A extends unknown[]>(call: (...args: A) => Promise<unknown>) =>
      async (...args: A) => {
        const reply = await call(...args);
        replies.push(typeof reply === 'string' ? reply.length : 0);
        return reply;
      };
    const recording = {
      get isReady() {
        return client.isReady;
      },
      get: measured((name: string) => client.get(name)),
      set: measured(client.set.bind(client)),
      eval: measured(client.eval.bind(client)),
      on: client.on.bind(client),
      listenerCount: client.listenerCount.bind(client),
    } as RedisClientLike;

    const answer = await post(await proxyWith(running, recording, KEYED), ITEMS);

    expect(answer.status).toBe(200);
    expect(Math.max(...replies)).toBeLessThan(16 * 1024);
    expect(running.service.authCalls).toHaveLength(2);
    expect(await writer.strLen(key)).toBeLessThan(1024);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a value of another type (a hash) at the token key reads as no entry: replaced, nothing logged', async () => {
    const { warn, running, redis, writer, key } = await sharedEntry();
    await writer.del(key);
    await writer.hSet(key, 'token', 'not a string');

    expect((await post(await proxyOn(running, redis), ITEMS)).status).toBe(200);

    expect(running.service.authCalls).toHaveLength(2);
    expect(await writer.type(key)).toBe('string');
    expect(warn).not.toHaveBeenCalled();
  });

  it('an older sealed value replayed is never served: a process holding a newer token renews instead of sending one the service refused', async () => {
    const running = await startService();
    const redis = await testRedis();
    const writer = await redisClient(redis);
    const sealed = { encryptionKey: 'the farm secret, thirty-two chars!' };
    const first = await proxyOn(running, redis, sealed);
    await post(first, ITEMS);
    const key = await tokenKey(writer);
    const older = await writer.get(key); // the value as it was, sealed: it opens as well as any
    running.service.expireTokensNow();
    await post(first, ITEMS); // the first process renews: the entry holds the second token
    const second = await proxyOn(running, redis, sealed);
    await post(second, ITEMS); // a second process starts on the second token
    await writer.set(key, older ?? '', { expiration: { type: 'PX', value: 3_600_000 } });
    running.service.expireTokensNow();

    const answer = await post(second, ITEMS);

    expect(answer.status).toBe(200);
    const [t1, t2, t3] = running.service.issuedTokens;
    expect(running.service.authCalls).toHaveLength(3);
    // The first token goes out twice (its use, its expiry), never again once the service refused it.
    expect(bearerTokens(running.service)).toEqual([t1, t1, t2, t2, t2, t3]);
  });

  it('a lease parked for an hour is not honoured: a cold process renews at once, not after waitTimeoutMs', async () => {
    const { running, redis, writer, key } = await sharedEntry();
    await writer.del(key);
    await writer.set(key.replace(/token:/, 'lease:'), 'parked', { expiration: { type: 'PX', value: 3_600_000 } });

    const answer = await within5s(post(await proxyOn(running, redis), ITEMS).then((response) => response.status));

    expect(answer).toBe(200);
    expect(running.service.authCalls).toHaveLength(2);
    expect(await writer.exists(key)).toBe(1);
  });

  it('without encryptionKey it parks no process with a hold-off rewritten every minute: each cold process asks /v1/auth, and none is stored in the clear', async () => {
    // Issue 47's third finding: a 60 s hold-off is one a process could have set, so it was honoured,
    // and rewritten every minute it stopped the farm asking for good.
    const { running, redis, writer, key } = await sharedEntry();
    running.service.expireTokensNow();
    const holdOffKey = key.replace(':token:', ':holdoff:');
    const park = () => writer.set(holdOffKey, `hold-off.${JSON.stringify({ until: Date.now() + 60_000, failures: 1, status: 503 })}`, { PX: 60_000 });
    await park();

    // A cold process: the farm's token is refused, so it must ask, whatever the hold-off says.
    const cold = await proxyOn(running, redis);
    expect((await post(cold, ITEMS)).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(2);

    // The service fails now: the process backs off on its own and stores no hold-off for others.
    await writer.del(holdOffKey);
    running.service.expireTokensNow();
    running.service.failNextAuthCalls(1, 503);
    expect((await post(cold, ITEMS)).status).toBe(503);
    expect(running.service.authCalls).toHaveLength(3);
    expect(await writer.keys('*holdoff:*')).toEqual([]);

    // A minute later the writer's hold-off is back: a second cold process asks nonetheless.
    await park();
    expect((await post(await proxyOn(running, redis), ITEMS)).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(4);
  });

  it('with encryptionKey a hold-off it garbles or forges in the clear parks no process: each is asked past as none, nothing crashes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    running.service.failNextAuthCalls(2, 503);
    const redis = await testRedis();
    const writer = await redisClient(redis);
    const clock = { now: Date.now() };
    const options: ServerHandlerOptions = {
      apiKey: API_KEY,
      region: 'test',
      regions: { test: running.baseUrl },
      authorizeRequest: hasSession,
      tokenCache: redisTokenCache(await redisClient(redis), SEALED),
      now: () => clock.now,
    };
    const url = await serveHandler(createGraphQLProxy(options));

    expect((await post(url, ITEMS)).status).toBe(503);
    const [key] = await writer.keys('*holdoff:*');
    if (key === undefined) throw new Error('Expected the farm’s hold-off');

    await writer.set(key, 'hold-off.{"until":"later"');
    clock.now += 1_000; // this process's own step is over
    expect((await post(url, ITEMS)).status).toBe(503);
    expect(running.service.authCalls).toHaveLength(2);

    // A well-formed hold-off in the clear, of a minute: no sealed value, so no hold-off.
    await writer.set(key, `hold-off.${JSON.stringify({ until: clock.now + 60_000, failures: 1, status: 503 })}`);
    clock.now += 2_000;
    expect((await post(url, ITEMS)).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(3);
  });
});
