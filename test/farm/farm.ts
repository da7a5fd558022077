import { createClient } from 'redis';
import { afterEach } from 'vitest';
import { type AuthClient, createAuthClient } from '../../src/index.js';
import { PentestsDocument } from '../support/documents.js';
import type { MockService } from '../support/mock-service.js';
import { API_KEY } from '../support/fixtures.js';
import { type RedisCluster, startRedisCluster } from './redis-cluster.js';
import { type RedisServer, startRedis } from './redis-server.js';
import { type FarmProcess, type Mode, spawnFarmProcess } from './spawn-farm-process.js';
import { graphqlProxy, tokenEndpoint } from '../../src/index.js';

export type { FarmProcess, Mode } from './spawn-farm-process.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real redis-server for this test, stopped after it. */
export async function testRedis(): Promise<RedisServer> {
  const redis = await startRedis();
  cleanups.push(redis.stop);
  return redis;
}

/** A Redis Cluster (six redis-server processes) for this test, every node killed after it. */
export async function testRedisCluster(): Promise<RedisCluster> {
  const cluster = await startRedisCluster();
  cleanups.push(cluster.stop);
  return cluster;
}

/** A node-redis client of the test's server, connected as a farm process connects it; closed after the test. */
export async function redisClient(redis: RedisServer) {
  const client = createClient({ url: redis.url, disableOfflineQueue: true });
  cleanups.push(() => {
    client.destroy();
  });
  await client.connect();
  return client;
}

/** One child process serving a handler with the Redis cache; killed after the test. */
export async function startProcess(mode: Mode, env: Record<string, string>): Promise<FarmProcess> {
  const process = await spawnFarmProcess(mode, { API_KEY, ...env });
  cleanups.push(process.kill);
  return process;
}

/** Four processes: two token handlers, two proxies, all on one Redis. */
export function startFarm(env: Record<string, string>, modes: readonly Mode[] = ['token', 'proxy', 'token', 'proxy']): Promise<FarmProcess[]> {
  return Promise.all(modes.map((mode) => startProcess(mode, env)));
}

/** `count` browser-side clients spread round-robin over the processes. */
export function browsers(farm: readonly FarmProcess[], count: number, serviceUrl: string): AuthClient[] {
  const clients = Array.from({ length: count }, (_, index) => {
    const process = farm[index % farm.length];
    if (process === undefined) throw new Error('an empty farm');
    return process.mode === 'proxy'
      ? createAuthClient({ graphqlProxy: graphqlProxy(process.url) })
      : createAuthClient({ tokenEndpoint: tokenEndpoint(process.url), regions: { test: serviceUrl } });
  });
  cleanups.push(() => {
    for (const client of clients) client.dispose();
  });
  return clients;
}

/** One query from each client; the failures, if any. */
export async function queryAll(clients: readonly AuthClient[]): Promise<unknown[]> {
  const results = await Promise.allSettled(clients.map((client) => client.request(PentestsDocument)));
  return results.flatMap((result): unknown[] => (result.status === 'rejected' ? [result.reason] : []));
}

/**
 * The token a process holds now: a token handler's answer, or the bearer a proxy sends upstream.
 * (Browsers of a token handler keep the token they got until their own renewal.)
 */
export async function tokenHeldBy(process: FarmProcess, service: MockService): Promise<string | null | undefined> {
  const body = process.mode === 'token' ? '{}' : JSON.stringify({ query: '{ pentests_count }' });
  const answer = await fetch(process.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (process.mode === 'token') return ((await answer.json()) as { token: string }).token;
  await answer.text();
  return service.graphqlCalls.at(-1)?.token;
}
