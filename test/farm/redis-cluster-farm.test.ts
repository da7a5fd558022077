// @vitest-environment node
// A farm on a Redis Cluster (three masters, three replicas of Debian's redis-server) that loses the
// master holding its keys: the processes' node-redis cluster clients (createCluster) follow the
// replica's promotion, requests are answered from the token each process holds meanwhile, and the
// farm shares one token again once the cluster is whole.
import { describe, expect, it } from 'vitest';
import { API_KEY, sleep, startService } from '../support/fixtures.js';
import { browsers, queryAll, startFarm, testRedisCluster, tokenHeldBy } from './farm.js';
import type { RedisCluster } from './redis-cluster.js';
import { redisCli } from './redis-server.js';

const ENCRYPTION_KEY = 'a 32-byte secret from the vault!';
const BROWSERS = 40;

/** Every key a node holds, with its value, as `redis-cli` prints them. */
async function dumpOf(cluster: RedisCluster, port: number): Promise<string> {
  const lines = [];
  for (const key of await cluster.keysOn(port)) lines.push(key, await redisCli(port, 'GET', key));
  return lines.join('\n');
}

/** Client connections to a node, redis-cli's own left out. */
async function clientsOf(port: number): Promise<number> {
  const list = await redisCli(port, 'CLIENT', 'LIST');
  return list.split('\n').filter((line) => line.includes(' cmd=') && !line.includes(' cmd=client|list')).length;
}

/** Bounded wait for a condition the cluster or the farm reaches by itself. */
async function eventually(condition: () => boolean | Promise<boolean>, limitMs = 20_000): Promise<void> {
  for (let waited = 0; waited < limitMs && !(await condition()); waited += 50) await sleep(50);
  expect(await condition()).toBe(true);
}

describe('four server processes on a Redis Cluster', { timeout: 180_000 }, () => {
  it('share one token, and keep answering while the master holding their keys dies and its replica takes over', async () => {
    const [running, cluster] = await Promise.all([startService(), testRedisCluster()]);
    const { service } = running;
    const farm = await startFarm({ REDIS_CLUSTER: cluster.nodes, SERVICE_URL: running.baseUrl, ENCRYPTION_KEY });
    const clients = browsers(farm, BROWSERS, running.baseUrl);

    // Cold start and one expiry: one /v1/auth each for the farm, as on one Redis.
    expect(await queryAll(clients)).toEqual([]);
    expect(service.authCalls).toHaveLength(1);
    service.expireTokensNow();
    expect(await queryAll(clients)).toEqual([]);
    expect(service.authCalls).toHaveLength(2);

    // The identity's names carry one hash tag: its keys sit on one master (and its replica).
    const [token, ...others] = (await Promise.all(cluster.ports.map((port) => cluster.keysOn(port)))).flat();
    expect(token).toMatch(/^graphql-jwt-auth-react:token:\{[0-9a-f]{64}\}$/);
    expect(others).toEqual([token]); // the replica's copy
    const master = await cluster.masterOf(token ?? '');

    // Traffic runs on while that master dies; an expiry falls in the failover.
    const failures: unknown[] = [];
    const trafficEnds = new AbortController();
    let promoted = master;
    const traffic = (async () => {
      for (let round = 0; !trafficEnds.signal.aborted; round++) {
        const first = (round * 10) % BROWSERS;
        failures.push(...(await queryAll(clients.slice(first, first + 10))));
        await sleep(20);
      }
    })();
    try {
      await cluster.kill(master);
      service.expireTokensNow();
      expect(await queryAll(clients)).toEqual([]);
      await cluster.ok();
      promoted = await cluster.masterOf(token ?? '');
      expect(promoted).not.toBe(master);
      // Each process's cluster client finds the promoted master by itself (a topology refresh).
      await eventually(async () => (await clientsOf(promoted)) >= farm.length);
    } finally {
      trafficEnds.abort();
      await traffic;
    }
    expect(failures).toEqual([]);
    const duringFailover = service.authCalls.length - 2;
    expect(duringFailover).toBeGreaterThanOrEqual(1);
    expect(duringFailover).toBeLessThanOrEqual(farm.length);

    // The farm shares one token again: one expiry, one /v1/auth, every process holds its token.
    service.expireTokensNow();
    expect(await queryAll(clients)).toEqual([]);
    expect(service.authCalls).toHaveLength(2 + duringFailover + 1);
    const held = [];
    for (const process of farm) held.push(await tokenHeldBy(process, service));
    expect(held).toEqual(Array(farm.length).fill(service.issuedTokens.at(-1)));
    // At most one line each way per process: the cache went, and came back.
    for (const process of farm) {
      expect(process.log().match(/token cache is unavailable/g)?.length ?? 0).toBeLessThanOrEqual(1);
      expect(process.log().match(/token cache is back/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }

    // Sealed: neither the key nor any part of a token is in the cluster.
    const dump = await dumpOf(cluster, promoted);
    expect(dump).toContain(':token:{');
    expect(dump).not.toContain(API_KEY);
    for (const issued of service.issuedTokens) for (const part of issued.split('.')) expect(dump).not.toContain(part);
  });
});
