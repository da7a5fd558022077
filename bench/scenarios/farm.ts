import { startRedisCluster } from '../../test/farm/redis-cluster.js';
import { redisCli, startRedis } from '../../test/farm/redis-server.js';
import { type FarmProcess, spawnFarmProcess } from '../../test/farm/spawn-farm-process.js';
import { BENCH_API_KEY, startBenchService } from '../support/service.js';
import { median } from '../support/stats.js';

export interface FarmRow {
  /** Redis Cluster: three masters and three replicas, the processes on `createCluster` clients. */
  cache: 'in-process' | 'Redis' | 'Redis Cluster';
  processes: number;
  /** Upstream `/v1/auth` calls for 200 browsers' first token, all at once. */
  coldAuthCalls: number;
  /** Upstream calls for the 200 browsers reporting one server-side expiry. */
  expiryAuthCalls: number;
  /** Median time of a browser's first token request, cold farm. */
  coldMs: number;
  /** Median time of a token request once the process holds the token (L1). */
  warmMs: number;
  /** Median time of a token request that reports an expiry (the renewal, shared or not). */
  expiryMs: number;
}

const BROWSERS = 200;
const WARM_REQUESTS = 400;

async function askToken(process: FarmProcess, body: object): Promise<{ ms: number; token: string }> {
  const start = performance.now();
  const answer = await fetch(process.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { token } = (await answer.json()) as { token: string };
  if (answer.status !== 200) throw new Error(`token request failed: ${answer.status}`);
  return { ms: performance.now() - start, token };
}

/** `count` requests spread round-robin over the processes, all at once. */
const spread = (farm: readonly FarmProcess[], count: number, body: (index: number) => object) =>
  Promise.all(Array.from({ length: count }, (_, index) => askToken(farm[index % farm.length] as FarmProcess, body(index))));

/**
 * Token handlers as separate Node processes, each alone (in-process single flight) or sharing one
 * Redis or a Redis Cluster: upstream calls for a cold start and for one expiry reported by every
 * browser, and what the token path costs a request.
 */
export async function runFarm(): Promise<FarmRow[]> {
  const redis = await startRedis();
  const cluster = await startRedisCluster();
  const rows: FarmRow[] = [];
  const where = {
    'in-process': {},
    Redis: { REDIS_URL: redis.url },
    'Redis Cluster': { REDIS_CLUSTER: cluster.nodes },
  };
  try {
    for (const processes of [1, 4]) {
      for (const cache of ['in-process', 'Redis', 'Redis Cluster'] as const) {
        const bench = await startBenchService();
        const env = { API_KEY: BENCH_API_KEY, SERVICE_URL: bench.baseUrl, ...where[cache] };
        const farm = await Promise.all(Array.from({ length: processes }, () => spawnFarmProcess('token', env)));
        try {
          const cold = await spread(farm, BROWSERS, () => ({}));
          const coldAuthCalls = bench.service.authCalls.length;
          const warm: number[] = [];
          for (let index = 0; index < WARM_REQUESTS; index++) warm.push((await askToken(farm[index % processes] as FarmProcess, {})).ms);
          bench.service.expireTokensNow();
          const expired = await spread(farm, BROWSERS, (index) => ({ expired: cold[index]?.token }));
          rows.push({
            cache,
            processes,
            coldAuthCalls,
            expiryAuthCalls: bench.service.authCalls.length - coldAuthCalls,
            coldMs: median(cold.map(({ ms }) => ms)),
            warmMs: median(warm),
            expiryMs: median(expired.map(({ ms }) => ms)),
          });
        } finally {
          await Promise.all(farm.map((process) => process.kill()));
          await bench.close();
        }
        // An empty Redis for the next configuration (a cluster's replicas refuse writes, and follow).
        for (const port of [redis.port, ...cluster.ports]) await redisCli(port, 'FLUSHALL').catch(() => '');
      }
    }
  } finally {
    await Promise.all([redis.stop(), cluster.stop()]);
  }
  return rows;
}
