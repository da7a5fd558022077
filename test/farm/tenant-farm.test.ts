// @vitest-environment node
// Many tenants behind a farm: four processes (two GraphQL proxies, two token handlers) on one
// redis-server, each serving every tenant with the key its session cookie resolves to. Browsers of
// each tenant on each process, every one of them also naming the next tenant in a header, driven by
// random commands (fast-check): batches, expiries of one tenant's tokens, Redis emptied, pools
// evicting (three sessions for five tenants). Nothing may cross: every upstream request carries a
// token the service issued for its tenant's key, every /v1/auth asks with the key of the tenant
// served, and an expiry costs its tenant exactly one renewal for the whole farm.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AuthClient, createAuthClient, graphqlProxy, tokenEndpoint } from '../../src/index.js';
import { keyAsked } from '../server/tenant-fixtures.js';
import { type Running, startService } from '../support/fixtures.js';
import { crossedCalls, tenantStep } from '../support/model/tenant-step.js';
import { type FarmProcess, startFarm, testRedis } from './farm.js';
import { redisCli } from './redis-server.js';

// A few runs in `npm run test:farm`; `npm run soak` (TENANT_MODEL_RUNS) many more. MODEL_SEED replays a run.
const RUNS = Math.max(1, Math.round(Number(process.env.TENANT_MODEL_RUNS ?? 12) / 4));
const SEED = Number(process.env.MODEL_SEED ?? Date.now() % 2 ** 31);
const TENANTS = 5;
const keyOf = (tenant: number) => `key-tenant-${String(tenant)}`;

/** A browser of `tenant`'s user: its session cookie, and a header naming another tenant the resolver must ignore. */
const browserFetch =
  (tenant: number): typeof fetch =>
  (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', `sid=user-${String(tenant)}; tenant=${String((tenant + 1) % TENANTS)}`);
    headers.set('x-tenant', String((tenant + 1) % TENANTS));
    return fetch(input, { ...init, headers });
  };

class TenantFarm {
  readonly failures: string[] = [];
  /** browsers[tenant][process] */
  readonly browsers: AuthClient[][];
  private operations = 0;

  constructor(
    readonly running: Running,
    readonly redisPort: number,
    readonly processes: readonly FarmProcess[],
  ) {
    this.browsers = Array.from({ length: TENANTS }, (_, tenant) =>
      processes.map((process) =>
        process.mode === 'proxy'
          ? createAuthClient({ graphqlProxy: graphqlProxy(process.url), fetch: browserFetch(tenant) })
          : createAuthClient({ tokenEndpoint: tokenEndpoint(process.url), regions: { test: running.baseUrl }, fetch: browserFetch(tenant) }),
      ),
    );
  }

  /** One query of `tenant`'s browser on each of `processes`, all at once, nobody else's meanwhile; the /v1/auth calls it cost, by key. */
  async batch(tenant: number, processes: readonly number[]): Promise<unknown[]> {
    const before = this.running.service.authCalls.length;
    await this.queries(tenant, processes);
    const asked = this.running.service.authCalls.slice(before).map(keyAsked);
    if (asked.some((key) => key !== keyOf(tenant))) this.failures.push(`a batch of tenant ${String(tenant)} asked /v1/auth with ${JSON.stringify(asked)}`);
    return asked;
  }

  async queries(tenant: number, processes: readonly number[]): Promise<void> {
    await Promise.all(processes.map((index) => this.query(tenant, index)));
  }

  private async query(tenant: number, process: number): Promise<void> {
    const name = `T${String(tenant)}_Op${String((this.operations += 1))}`;
    try {
      await this.browsers[tenant]?.[process]?.request(`query ${name} { pentests_count }`);
    } catch (error) {
      this.failures.push(`${name} on process ${String(process)}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
  }

  /** Upstream GraphQL requests (the proxies' and the token handlers' browsers') that carried another tenant's token. */
  crossed(): string[] {
    return crossedCalls(this.running.service, keyOf);
  }

  dispose(): void {
    for (const client of this.browsers.flat()) client.dispose();
  }
}

const step = tenantStep<TenantFarm>;

const tenant = fc.nat(TENANTS - 1);
const ALL = [0, 1, 2, 3];

const commands = [
  fc.tuple(tenant, fc.subarray(ALL, { minLength: 1 })).map(([who, on]) =>
    step(`batch(tenant ${String(who)} on ${on.join(',')})`, async (farm) => {
      // A tenant evicted from a pool, or never seen by a process, comes back through Redis: one /v1/auth at most.
      const asked = await farm.batch(who, on);
      if (asked.length > 1) farm.failures.push(`a batch of tenant ${String(who)} cost ${String(asked.length)} /v1/auth calls`);
    }),
  ),
  tenant.map((who) =>
    step(`expire(tenant ${String(who)}) then a batch on every process`, async (farm) => {
      const { service } = farm.running;
      // Every process holding the tenant's token first, so that all four meet the expiry.
      await farm.batch(who, ALL);
      for (const call of service.authCalls) if (call.token !== null && keyAsked(call) === keyOf(who)) service.expireToken(call.token);
      const asked = await farm.batch(who, ALL);
      if (asked.length !== 1) farm.failures.push(`an expiry of tenant ${String(who)} cost ${String(asked.length)} /v1/auth calls for the farm`);
    }),
  ),
  fc.constant(
    step('empty Redis', async (farm) => {
      await redisCli(farm.redisPort, 'FLUSHALL');
    }),
  ),
];

// Each run replays up to 8 commands on four processes, a second or two on a loaded machine.
describe('tenants behind four processes on one Redis', { timeout: Math.max(120_000, RUNS * 15_000) }, () => {
  it('cold start costs one /v1/auth per tenant; no token crosses tenants; an expiry costs its tenant one renewal for the farm', async () => {
    const running = await startService({ apiKeys: Array.from({ length: TENANTS }, (_, index) => keyOf(index)) });
    const redis = await testRedis();
    const processes = await startFarm({
      REDIS_URL: redis.url,
      SERVICE_URL: running.baseUrl,
      TENANT_KEYS: Array.from({ length: TENANTS }, (_, index) => keyOf(index)).join(','),
      MAX_SESSIONS: '3',
    });
    const farm = new TenantFarm(running, redis.port, processes);
    try {
      // Cold start: every tenant's browsers on every process at once.
      await Promise.all(Array.from({ length: TENANTS }, (_, who) => farm.queries(who, ALL)));
      expect(farm.failures).toEqual([]);
      expect(running.service.authCalls.map(keyAsked).sort()).toEqual(Array.from({ length: TENANTS }, (_, index) => keyOf(index)));
      expect(farm.crossed()).toEqual([]);

      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 8 }), (script) => {
          // A run that shrinks replays on the same farm: each starts with no failure of the last.
          farm.failures.length = 0;
          return fc.asyncModelRun(() => ({ model: {}, real: farm }), script);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(running.service.graphqlCalls.filter((call) => call.operationName?.startsWith('T') === true).length).toBeGreaterThan(4 * TENANTS);
    } finally {
      farm.dispose();
    }
  });
});
