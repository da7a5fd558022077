// @vitest-environment node
import { createClient, RESP_TYPES } from 'redis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redisTokenCache, type RedisTokenCacheOptions } from '../../src/redis/index.js';
import { createGraphQLProxy } from '../../src/server/index.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';
import { API_KEY, startService, type Running } from '../support/fixtures.js';
import { redisClient, testRedis } from './farm.js';
import { type RedisServer, redisCli } from './redis-server.js';

const ITEMS = { query: '{ pentests_count }' };
afterEach(() => {
  vi.restoreAllMocks();
});

/** A proxy in this process on the Redis cache, as a fresh instance of the farm would start. */
async function proxyOn(running: Running, redis: RedisServer, options: RedisTokenCacheOptions = {}) {
  const tokenCache = redisTokenCache(await redisClient(redis), options);
  return serveHandler(createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }));
}

async function tokenKey(redis: RedisServer): Promise<string> {
  return (await redisCli(redis.port, '--scan', '--pattern', '*token:*')).trim();
}

/** A node-redis client that answers every string as a Buffer. */
async function bufferClient(redis: RedisServer) {
  return (await redisClient(redis)).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
}

/** The same client, but its scripts' answers are bytes that are no Buffer (no Buffer methods, no UTF-8 toString). */
function answersUint8Arrays<Client extends object>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property !== 'eval') return (value as (...args: unknown[]) => unknown).bind(target);
      return async (...args: unknown[]) => {
        const answer: unknown = await (value as (...args: unknown[]) => Promise<unknown>).apply(target, args);
        return answer instanceof Uint8Array ? Uint8Array.from(answer) : answer;
      };
    },
  });
}

describe('redisTokenCache on a real redis-server', () => {
  it('a second instance takes the stored token: no /v1/auth call of its own', async () => {
    const running = await startService();
    const redis = await testRedis();
    expect((await post(await proxyOn(running, redis), ITEMS)).status).toBe(200);
    expect((await post(await proxyOn(running, redis), ITEMS)).status).toBe(200);

    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual(Array(2).fill(running.service.issuedTokens[0]));
  });

  it.each([
    ['Buffers (withTypeMapping)', (client: Awaited<ReturnType<typeof bufferClient>>) => client],
    ['plain Uint8Arrays (a client like node-redis of another make)', answersUint8Arrays],
  ])('a client that answers strings as %s reads the stored token as text: the second instance asks no /v1/auth', async (_, shape) => {
    const running = await startService();
    const redis = await testRedis();
    const proxies = [];
    for (let instance = 0; instance < 2; instance++) {
      const client = shape(await bufferClient(redis));
      const tokenCache = redisTokenCache(client, { encryptionKey: 'a secret of thirty-two characters!' });
      proxies.push(
        await serveHandler(
          createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }),
        ),
      );
    }
    for (const proxy of proxies) expect((await post(proxy, ITEMS)).status).toBe(200);

    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual(Array(2).fill(running.service.issuedTokens[0]));
  });

  it.each([
    ['not the entry format', 'garbage'],
    ['a tag and a header injection', 'abc.{"token":"x\\r\\nx-evil: 1","expiresAt":9999999999999,"obtainedAt":1,"region":"test"}'],
    ['a placeholder token', 'abc.{"token":"null","expiresAt":9999999999999,"obtainedAt":1,"region":"test"}'],
  ])('a garbled entry (%s) is never sent as a Bearer token: it counts as none and is replaced', async (_label, garbage) => {
    const running = await startService();
    const redis = await testRedis();
    await post(await proxyOn(running, redis), ITEMS);
    const key = await tokenKey(redis);
    await redisCli(redis.port, 'SET', key, garbage);

    expect((await post(await proxyOn(running, redis), ITEMS)).status).toBe(200);

    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual(running.service.issuedTokens);
    expect(await redisCli(redis.port, 'GET', key)).toContain(running.service.issuedTokens[1]);
  });

  it('an entry sealed with another encryptionKey does not open: counts as none, never sent', async () => {
    const running = await startService();
    const redis = await testRedis();
    await post(await proxyOn(running, redis, { encryptionKey: 'the old secret, thirty-two chars long' }), ITEMS);

    expect((await post(await proxyOn(running, redis, { encryptionKey: 'the new secret, thirty-two chars long' }), ITEMS)).status).toBe(200);

    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual(running.service.issuedTokens);
  });

  it('slow is not down: with Redis paused 600 ms (a busy machine), two cold instances wait for it and share one token, nothing logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const redis = await testRedis();
    const keyed = { keySecret: 'a secret of thirty-two characters!' };
    const [first, second] = [await proxyOn(running, redis, keyed), await proxyOn(running, redis, keyed)];
    // Redis holds every client's commands, then answers them all: slow, never refused.
    await redisCli(redis.port, 'CLIENT', 'PAUSE', '600', 'ALL');

    const answers = await Promise.all([post(first, ITEMS), post(second, ITEMS)]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(running.service.authCalls).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a client that never connected: the instance renews on its own, says once that Redis is not ready, and no command waits in a queue', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const redis = await testRedis();
    const idle = createClient({ url: redis.url, disableOfflineQueue: true });
    // A keyed cache: the one line counted is the outage's, not the start-up warning of an unkeyed one.
    const tokenCache = redisTokenCache(idle, { keySecret: 'a secret of thirty-two characters!' });
    const url = await serveHandler(
      createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }),
    );

    const answers = await Promise.all(Array.from({ length: 5 }, () => post(url, ITEMS)));

    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    expect(running.service.authCalls).toHaveLength(1);
    expect(warn.mock.calls).toEqual([
      [
        'graphql-jwt-auth-react: the token cache is unavailable (RedisNotReady: the Redis client is not connected); each process renews its own token until it is back',
      ],
    ]);
    expect(await redisCli(redis.port, '--scan')).toBe('');
  });
});
