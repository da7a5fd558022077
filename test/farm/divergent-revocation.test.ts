// @vitest-environment node
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { redisTokenCache } from '../../src/redis/index.js';
import { createGraphQLProxy, createTokenHandler } from '../../src/server/index.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';
import { API_KEY, bearerTokens, startService, type Running } from '../support/fixtures.js';
import { testRedis } from './farm.js';
import { type RedisServer, redisCli } from './redis-server.js';

const ITEMS = { query: '{ pentests_count }' };
const clients: Array<{ destroy: () => void }> = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

/** A handler in this process on its own node-redis client of the shared redis-server, as one process of a farm. */
async function processOn(running: Running, redis: RedisServer, make: typeof createGraphQLProxy | typeof createTokenHandler) {
  const client = createClient({ url: redis.url, disableOfflineQueue: true });
  clients.push(client);
  await client.connect();
  return serveHandler(
    make({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache: redisTokenCache(client) }),
  );
}

/**
 * Two processes holding different tokens: A took T1 and shared it, the cache lost it (an eviction, a
 * restart), and B renewed on its own to T2, now the cache's entry. Then the service revokes both.
 */
async function divergedFarm(make: typeof createGraphQLProxy | typeof createTokenHandler) {
  const running = await startService();
  const redis = await testRedis();
  const a = await processOn(running, redis, make);
  const b = await processOn(running, redis, make);
  expect((await post(a, make === createTokenHandler ? {} : ITEMS)).status).toBe(200);
  await redisCli(redis.port, 'FLUSHALL');
  expect((await post(b, make === createTokenHandler ? {} : ITEMS)).status).toBe(200);
  expect(running.service.authCalls).toHaveLength(2);
  const [t1, t2] = running.service.issuedTokens;
  running.service.expireTokensNow();
  running.service.resetCounters();
  return { running, a, b, t1, t2 };
}

describe('a revocation while processes of a farm hold different tokens', () => {
  it('the proxy holding the older token gets data: its token, the one the cache handed over, then one renewal for the farm; never a token twice', async () => {
    const { running, a, b, t1, t2 } = await divergedFarm(createGraphQLProxy);

    const answer = await post(a, ITEMS);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ data: { pentests_count: expect.any(Number) as number } });
    const [t3] = running.service.issuedTokens;
    expect(bearerTokens(running.service)).toEqual([t1, t2, t3]);
    expect(running.service.authCalls).toHaveLength(1);

    // B meets the revocation with T2 and takes the farm's renewal from the cache: no call of its own.
    expect((await post(b, ITEMS)).status).toBe(200);
    expect(bearerTokens(running.service)).toEqual([t1, t2, t3, t2, t3]);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('concurrent requests through both proxies after the revocation: all get data, one /v1/auth for the farm', async () => {
    const { running, a, b } = await divergedFarm(createGraphQLProxy);

    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => post(index % 2 === 0 ? a : b, ITEMS)));

    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    expect(running.service.authCalls).toHaveLength(1);
    // Each request sent each token at most once.
    expect(running.service.graphqlCalls.filter((call) => !call.expired).map((call) => call.token)).toEqual(Array(40).fill(running.service.issuedTokens[0]));
  });

  it('a token handler asked to replace a newer token than its own checks its own first: never answers a token the service refused', async () => {
    const { running, a, t1, t2 } = await divergedFarm(createTokenHandler);

    // A browser of B reports T2 to A (a load balancer moved it): A must not answer its own T1.
    const answer = await post(a, { expired: t2 });
    expect(answer.status).toBe(200);
    const { token } = (await answer.json()) as { token: string };

    expect(token).not.toBe(t1);
    expect(token).not.toBe(t2);
    expect(token).toBe(running.service.issuedTokens[0]);
    expect(running.service.authCalls).toHaveLength(1);
  });
});
