// @vitest-environment node
// An outage of /v1/auth across a farm on one Redis: the lease holder's failure holds every process
// off until one deadline, so the farm asks once per backoff step, not once per process; callers
// meanwhile get 503 with Retry-After. The processes share one clock that stands still until the test
// moves it (TEST_CLOCK), so the steps pass when the test says, not after sleeps.
// The same between two proxies of this process: a coverage or mutation run sees only this process's code.
import { describe, expect, it } from 'vitest';
import { redisTokenCache, type RedisTokenCacheOptions } from '../../src/redis/index.js';
import { createGraphQLProxy } from '../../src/server/index.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { type FarmProcess, redisClient, startFarm, testRedis } from './farm.js';

const QUERY = JSON.stringify({ query: '{ pentests_count }' });

/** One browser call to a process: a token handler's claim, or a query through a proxy. */
const call = (process: FarmProcess) =>
  fetch(process.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: process.mode === 'token' ? '{}' : QUERY });

/** `perProcess` concurrent calls to every process; the answers' statuses and Retry-After seconds. */
async function burst(farm: readonly FarmProcess[], perProcess: number): Promise<{ statuses: number[]; waits: number[] }> {
  const answers = await Promise.all(farm.flatMap((process) => Array.from({ length: perProcess }, () => call(process))));
  await Promise.all(answers.map((answer) => answer.text()));
  return { statuses: answers.map((answer) => answer.status), waits: answers.map((answer) => Number(answer.headers.get('retry-after'))) };
}

/** Moves every process's clock ahead by `ms`. */
async function advance(farm: readonly FarmProcess[], ms: number): Promise<void> {
  await Promise.all(farm.map(async (process) => (await fetch(`${process.url}/__clock`, { method: 'POST', body: String(ms) })).text()));
}

describe('a farm on one Redis during an outage of /v1/auth', { timeout: 120_000 }, () => {
  it('four processes ask once per backoff step between them, every caller meanwhile answered 503 with Retry-After; on recovery one /v1/auth serves all', async () => {
    const running = await startService();
    running.service.failNextAuthCalls(3, 503);
    const redis = await testRedis();
    // Sealed, as a farm that keys its cache runs: the hold-off is sealed as the entries are.
    const farm = await startFarm({
      REDIS_URL: redis.url,
      SERVICE_URL: running.baseUrl,
      TEST_CLOCK: String(Date.now()),
      ENCRYPTION_KEY: 'a 32-byte secret from the vault!',
    });

    const [first] = farm;
    if (first === undefined) throw new Error('an empty farm');
    const opening = await call(first);
    expect(opening.status).toBe(503);
    expect(running.service.authCalls).toHaveLength(1);

    // The other three learn the failure from Redis: 20 calls, no other /v1/auth.
    const stepOne = await burst(farm, 5);
    expect(stepOne.statuses).toEqual(Array(20).fill(503));
    expect(new Set(stepOne.waits)).toEqual(new Set([1])); // step 1 waits at most 1 s
    expect(running.service.authCalls).toHaveLength(1);

    // Each step's wait is drawn below its cap (1 s, then 2 s): past it, one process asks, once.
    for (const [capMs, calls] of [
      [1_000, 2],
      [2_000, 3],
    ] as const) {
      await advance(farm, capMs);
      const step = await burst(farm, 5);
      expect(step.statuses).toEqual(Array(20).fill(503));
      for (const wait of step.waits) expect(wait).toBeGreaterThanOrEqual(1);
      for (const wait of step.waits) expect(wait).toBeLessThanOrEqual((capMs * 2) / 1_000);
      expect(running.service.authCalls).toHaveLength(calls);
    }

    // The service is back (three failures were queued): the next step's one exchange serves the farm.
    await advance(farm, 4_000);
    expect((await burst(farm, 5)).statuses).toEqual(Array(20).fill(200));
    expect(running.service.authCalls).toHaveLength(4);
  });
});

describe('two proxies of this process on one Redis during an outage of /v1/auth', () => {
  // Without encryptionKey a writer who is none of the processes could set the hold-off, and rewritten
  // every minute it stopped the farm asking for good: no hold-off is kept then, and each process
  // backs off on its own (one /v1/auth per step per process, as without a cache).
  it.each([
    ['values in the clear (keySecret)', { keySecret: 'a secret of thirty-two characters!' }, 2],
    ['sealed values (encryptionKey)', { encryptionKey: 'a secret of thirty-two characters!' }, 1],
  ] as const)('%s: the second asks /v1/auth itself only without a sealed hold-off', async (_label, keyed: RedisTokenCacheOptions, calls) => {
    const running = await startService();
    running.service.failNextAuthCalls(1_000, 503);
    const redis = await testRedis();
    // One clock that stands still: the hold-off's step cannot end while the test counts.
    const now = Date.now();
    const lines: string[] = [];
    const logger = { warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const [first, second] = await Promise.all(
      [0, 1].map(async () =>
        serveHandler(
          createGraphQLProxy({
            apiKey: API_KEY,
            region: 'test',
            regions: { test: running.baseUrl },
            authorizeRequest: hasSession,
            tokenCache: redisTokenCache(await redisClient(redis), { logger: { warn: () => undefined }, ...keyed }),
            now: () => now,
            logger,
          }),
        ),
      ),
    );
    if (first === undefined || second === undefined) throw new Error('two proxies');

    expect((await post(first, { query: '{ pentests_count }' })).status).toBe(503);
    const held = await post(second, { query: '{ pentests_count }' });

    expect(held.status).toBe(503);
    // The farm's first step, or the second's own: either waits up to 1 s.
    expect(held.headers.get('retry-after')).toBe('1');
    expect(running.service.authCalls).toHaveLength(calls);
    expect(lines.filter((line) => line.includes('token cache'))).toEqual([]);
  });
});
