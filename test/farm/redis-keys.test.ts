// @vitest-environment node
// What a reader or a writer of the Redis instance can do with the cache's entries: names keyed by a
// secret (HMAC-SHA-256 of the identity), values sealed to their names, secrets of 32 bytes at least.
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthConfigError, createAuthClient } from '../../src/index.js';
import { redisTokenCache, type RedisTokenCacheOptions } from '../../src/redis/index.js';
import { createGraphQLProxy } from '../../src/server/index.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';
import { startService, type Running } from '../support/fixtures.js';
import { testRedis } from './farm.js';
import { type RedisServer, redisCli } from './redis-server.js';

const ITEMS = { query: '{ pentests_count }' };
const BASE64_KEY = 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=';
const HEX_KEY = 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789';
const PASSPHRASE = 'correct horse battery staple, plus more';
const quiet = { warn: () => undefined };
const clients: Array<{ destroy: () => void }> = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

async function connected(redis: RedisServer) {
  const client = createClient({ url: redis.url, disableOfflineQueue: true });
  clients.push(client);
  await client.connect();
  return client;
}

async function proxyOn(running: Running, redis: RedisServer, apiKey: string, options: RedisTokenCacheOptions = {}) {
  const tokenCache = redisTokenCache(await connected(redis), { logger: quiet, ...options });
  const url = await serveHandler(createGraphQLProxy({ apiKey, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }));
  return (body: object) => post(url, body);
}

const tokenNames = async (redis: RedisServer) => (await redisCli(redis.port, '--scan', '--pattern', '*token:*')).trim().split('\n').filter(Boolean);

describe('Redis key names', () => {
  it('are an HMAC of the identity under the secret: another secret, another name; never the key or its short tag', async () => {
    const running = await startService({ apiKeys: ['key-one', 'key-two'] });
    const redis = await testRedis();
    await (
      await proxyOn(running, redis, 'key-one', { keySecret: HEX_KEY })
    )(ITEMS);
    await (
      await proxyOn(running, redis, 'key-one', { keySecret: BASE64_KEY })
    )(ITEMS);
    await (
      await proxyOn(running, redis, 'key-one')
    )(ITEMS);
    const names = await tokenNames(redis);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(/^graphql-jwt-auth-react:token:\{[0-9a-f]{64}\}$/);
    const shortTag = createAuthClient({ apiKey: 'key-one', region: 'test', regions: { test: running.baseUrl } }).identity.id;
    expect(names.join('\n')).not.toContain(shortTag);
    expect(names.join('\n')).not.toContain('key-one');
    expect(running.service.authCalls).toHaveLength(3);
  });

  it('two identities never share a name', async () => {
    const running = await startService({ apiKeys: ['key-one', 'key-two'] });
    const redis = await testRedis();
    await (
      await proxyOn(running, redis, 'key-one', { encryptionKey: BASE64_KEY })
    )(ITEMS);
    await (
      await proxyOn(running, redis, 'key-two', { encryptionKey: BASE64_KEY })
    )(ITEMS);
    expect(new Set(await tokenNames(redis)).size).toBe(2);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('a value moved under another identity’s name does not open there: that identity asks for its own token', async () => {
    const running = await startService({ apiKeys: ['key-one', 'key-two'] });
    const redis = await testRedis();
    await (
      await proxyOn(running, redis, 'key-one', { encryptionKey: BASE64_KEY })
    )(ITEMS);
    const [oneName] = await tokenNames(redis);
    const oneValue = await redisCli(redis.port, 'GET', oneName!);
    const two = await proxyOn(running, redis, 'key-two', { encryptionKey: BASE64_KEY });
    await two(ITEMS);
    const twoName = (await tokenNames(redis)).find((name) => name !== oneName)!;
    await redisCli(redis.port, 'SET', twoName, oneValue.trim());
    running.service.expireTokensNow(); // key-two's own token expires: it must renew, not take key-one's
    const second = await proxyOn(running, redis, 'key-two', { encryptionKey: BASE64_KEY });
    expect((await second(ITEMS)).status).toBe(200);
    const [oneToken, twoToken, renewed] = running.service.issuedTokens;
    expect(renewed).toBeDefined();
    expect(running.service.graphqlCalls.filter((call) => call.token === oneToken)).toHaveLength(1);
    expect(running.service.graphqlCalls.at(-1)?.token).toBe(renewed);
    expect(twoToken).not.toBe(oneToken);
  });

  it('an entry of the old scheme (the short tag, in the clear) is never served after the upgrade', async () => {
    const running = await startService();
    const redis = await testRedis();
    const foreign = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjk5OTk5OTk5OTl9.planted';
    const shortTag = createAuthClient({ apiKey: 'test-key', region: 'test', regions: { test: running.baseUrl } }).identity.id;
    await redisCli(
      redis.port,
      'SET',
      `graphql-jwt-auth-react:token:${shortTag}`,
      `abc.${JSON.stringify({ token: foreign, expiresAt: 9_999_999_999_999, obtainedAt: Date.now(), region: 'test' })}`,
    );
    expect((await (await proxyOn(running, redis, 'test-key'))(ITEMS)).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual([running.service.issuedTokens[0]]);
  });
});

describe('encryptionKey and keySecret', () => {
  it.each([
    ['empty', ''],
    ['short', 'hunter2'],
    ['31 characters', 'x'.repeat(31)],
  ])('%s is refused at start-up with an AuthConfigError naming the option', async (_label, value) => {
    const redis = await testRedis();
    const client = await connected(redis);
    for (const option of ['encryptionKey', 'keySecret'] as const) {
      expect(() => redisTokenCache(client, { [option]: value })).toThrow(AuthConfigError);
      expect(() => redisTokenCache(client, { [option]: value })).toThrow(new RegExp(`^${option} must be 32 random bytes`));
    }
  });

  it.each([
    ['32 bytes as base64', BASE64_KEY],
    ['32 bytes as hex', HEX_KEY],
    ['a passphrase of 32 characters or more (PBKDF2)', PASSPHRASE],
  ])('%s seals the value: one token for two instances, no JWT in Redis', async (_label, encryptionKey) => {
    const running = await startService();
    const redis = await testRedis();
    expect((await (await proxyOn(running, redis, 'test-key', { encryptionKey }))(ITEMS)).status).toBe(200);
    expect((await (await proxyOn(running, redis, 'test-key', { encryptionKey }))(ITEMS)).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(1);
    const [name] = await tokenNames(redis);
    expect(await redisCli(redis.port, 'GET', name!)).not.toContain(running.service.issuedTokens[0]!.split('.')[1]);
  });

  it('without either, the cache works and says once at start-up what that exposes', async () => {
    const running = await startService();
    const redis = await testRedis();
    const warnings: string[] = [];
    const tokenCache = redisTokenCache(await connected(redis), { logger: { warn: (message) => warnings.push(message) } });
    redisTokenCache(await connected(redis), { keySecret: PASSPHRASE, logger: { warn: (message) => warnings.push(message) } });
    const url = await serveHandler(
      createGraphQLProxy({ apiKey: 'test-key', region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }),
    );
    expect((await post(url, ITEMS)).status).toBe(200);
    expect((await post(url, ITEMS)).status).toBe(200);
    expect(warnings).toEqual([
      'graphql-jwt-auth-react: the shared token cache has neither encryptionKey nor keySecret: its names can be checked against guessed API keys offline, and anyone who can write to it chooses the token',
    ]);
  });
});
