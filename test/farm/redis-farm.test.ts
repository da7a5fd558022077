// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { API_KEY, sleep, startService } from '../support/fixtures.js';
import { browsers, queryAll, startFarm, testRedis, tokenHeldBy } from './farm.js';
import { redisCli } from './redis-server.js';

const UNAVAILABLE = /token cache is unavailable/g;
const BACK = /token cache is back/g;
const IS_BACK = /token cache is back/;

/** Every key and value in Redis, as `redis-cli --scan` and `GET` print them. */
async function redisDump(port: number): Promise<string> {
  const keys = (await redisCli(port, '--scan')).split('\n').filter((key) => key !== '');
  const values = await Promise.all(keys.map((key) => redisCli(port, 'GET', key)));
  return [...keys, ...values].join('\n');
}

/** Bounded wait for a condition the farm reaches by itself (a renewal, a reconnect). */
async function eventually(condition: () => boolean | Promise<boolean>, limitMs = 15_000): Promise<void> {
  for (let waited = 0; waited < limitMs && !(await condition()); waited += 50) await sleep(50);
  expect(await condition()).toBe(true);
}

// Each test starts four Node processes (a few seconds on a loaded machine) and runs for seconds of real token time.
const UNKEYED_WARNING =
  'graphql-jwt-auth-react: the shared token cache has neither encryptionKey nor keySecret: its names can be checked against guessed API keys offline, and anyone who can write to it chooses the token';

describe('four server processes on one Redis share one token', { timeout: 120_000 }, () => {
  it('cold start: 200 browser clients over 4 processes cost 1 upstream /v1/auth; a server-side expiry 1 more, 0 failed requests', async () => {
    const running = await startService();
    const redis = await testRedis();
    const farm = await startFarm({ REDIS_URL: redis.url, SERVICE_URL: running.baseUrl });
    const clients = browsers(farm, 200, running.baseUrl);

    expect(await queryAll(clients)).toEqual([]);
    expect(running.service.authCalls).toHaveLength(1);
    // Without encryptionKey the entry holds the token in the clear: what the option is for.
    expect(await redisDump(redis.port)).toContain(running.service.issuedTokens[0]);

    running.service.expireTokensNow();
    expect(await queryAll(clients)).toEqual([]);
    expect(running.service.authCalls).toHaveLength(2);
    // A browser's {"expired": T} makes its process ask the service once itself (TokenCheck) before renewing.
    const checks = running.service.graphqlCalls.filter((call) => call.operationName === 'TokenCheck');
    expect(checks.length).toBeLessThanOrEqual(2 * farm.length);
    const answered = running.service.graphqlCalls.filter((call) => !call.expired && call.operationName !== 'TokenCheck').map((call) => call.token);
    expect(answered).toEqual([
      ...Array<string | undefined>(200).fill(running.service.issuedTokens[0]),
      ...Array<string | undefined>(200).fill(running.service.issuedTokens[1]),
    ]);
    // An unkeyed cache says once at start-up what that exposes; nothing else is logged.
    expect(farm.map((process) => process.log().trim())).toEqual(Array(4).fill(UNKEYED_WARNING));
  });

  it('proactive renewal over many token lifetimes: at most one renewal per token lifetime for the whole farm', async () => {
    // 4 s tokens renewed 1 s ahead stand for 1 h tokens renewed 1 min ahead: 10 s is five "hours".
    const running = await startService({ tokenLifetimeSec: 4 });
    const redis = await testRedis();
    const farm = await startFarm({ REDIS_URL: redis.url, SERVICE_URL: running.baseUrl, REFRESH_MARGIN_MS: '1000' });
    const clients = browsers(farm, 200, running.baseUrl);
    const failures: unknown[] = [];

    const startedAt = Date.now();
    for (let round = 0; Date.now() - startedAt < 10_000 && round < 200; round++) {
      failures.push(...(await queryAll(clients.slice((round * 20) % 200, ((round * 20) % 200) + 20))));
      await sleep(250);
    }
    const elapsedMs = Date.now() - startedAt;

    expect(failures).toEqual([]);
    const { authCalls } = running.service;
    // A token lives 3 to 4 s (iat is rounded down), so the farm renews at most every 2 s.
    expect(authCalls.length).toBeLessThanOrEqual(1 + Math.ceil(elapsedMs / 2_000));
    expect(authCalls.length).toBeGreaterThanOrEqual(Math.floor(elapsedMs / 3_000));
    // The processes' renewals fall due together; were two of them to renew one token, their calls
    // would come milliseconds apart, not a renewal period (2 s) apart.
    for (let index = 1; index < authCalls.length; index++) {
      expect(authCalls[index]?.time).toBeGreaterThanOrEqual((authCalls[index - 1]?.time ?? 0) + 1_000);
    }
  });

  it('Redis killed mid-run: 0 failed requests, one /v1/auth per process for the expiry; restarted: one shared token again within one renewal', async () => {
    const running = await startService();
    const redis = await testRedis();
    const farm = await startFarm({ REDIS_URL: redis.url, SERVICE_URL: running.baseUrl });
    const clients = browsers(farm, 200, running.baseUrl);
    expect(await queryAll(clients)).toEqual([]);
    expect(running.service.authCalls).toHaveLength(1);

    await redis.kill();
    running.service.expireTokensNow();
    expect(await queryAll(clients)).toEqual([]);
    expect(await queryAll(clients)).toEqual([]);
    expect(running.service.authCalls).toHaveLength(1 + 4);
    for (const process of farm) expect(process.log().match(UNAVAILABLE)).toHaveLength(1);

    await redis.restart();
    // Each process's client reconnects by itself; the next renewal (an expiry: a renewal timer would
    // fall due while a loaded machine still runs the queries above) finds Redis back.
    await eventually(async () => (await redisCli(redis.port, 'CLIENT', 'LIST')).trim().split('\n').length > farm.length);
    running.service.expireTokensNow();
    expect(await queryAll(clients)).toEqual([]);
    expect(farm.every((process) => IS_BACK.test(process.log()))).toBe(true);

    expect(running.service.authCalls).toHaveLength(1 + 4 + 1);
    const held = [];
    for (const process of farm) held.push(await tokenHeldBy(process, running.service));
    expect(held).toEqual(Array(4).fill(running.service.issuedTokens[5]));
    for (const process of farm) expect(process.log().match(BACK)).toHaveLength(1);
  });

  it('a lease holder killed while renewing: another process renews once the lease expires, no deadlock', async () => {
    const running = await startService();
    const redis = await testRedis();
    const farm = await startFarm({ REDIS_URL: redis.url, SERVICE_URL: running.baseUrl, LEASE_MS: '1000', WAIT_TIMEOUT_MS: '10000' });
    const [holder, ...others] = farm;
    running.service.authDelayMs = 30_000;

    // The holder takes the lease and waits on /v1/auth; it dies there.
    void fetch(holder?.url ?? '', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
    await eventually(async () => (await redisCli(redis.port, '--scan', '--pattern', '*lease*')).trim() !== '');
    // ...and its /v1/auth has reached the service: killed sooner, it would never have asked.
    await eventually(() => running.service.authCalls.length === 1);
    await holder?.kill();
    running.service.authDelayMs = 0;

    expect(await queryAll(browsers(others, 150, running.baseUrl))).toEqual([]);
    expect(running.service.authCalls).toHaveLength(2);
    expect(new Set(running.service.graphqlCalls.map((call) => call.token))).toEqual(new Set([running.service.issuedTokens[0]]));
  });

  it('with encryptionKey, the farm still shares one token, and no JWT and no key is visible in Redis', async () => {
    const running = await startService();
    const redis = await testRedis();
    const farm = await startFarm({ REDIS_URL: redis.url, SERVICE_URL: running.baseUrl, ENCRYPTION_KEY: 'a 32-byte secret from the vault!' });

    expect(await queryAll(browsers(farm, 200, running.baseUrl))).toEqual([]);
    expect(farm.map((process) => process.log())).toEqual(['', '', '', '']);
    expect(running.service.authCalls).toHaveLength(1);

    const dump = await redisDump(redis.port);
    const token = running.service.issuedTokens[0] ?? '';
    expect(dump).toMatch(/token:/);
    expect(dump).not.toContain(API_KEY);
    expect(dump).not.toMatch(/eyJ/);
    for (const part of token.split('.')) expect(dump).not.toContain(part);
  });
});
