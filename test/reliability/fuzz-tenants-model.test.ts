// @vitest-environment node
// Many tenants behind one proxy and one token handler, each with its own key on the mock service,
// driven by random commands (fast-check): batches of requests (some naming another tenant by header
// or body field), expiries, revocation of one tenant's key, shared-cache evictions, and pool
// evictions (maxSessions below the tenant count). Nothing may cross: every token sent upstream or
// handed out was issued for the requesting tenant's key, every /v1/auth asks with the key being
// served, and an expiry costs its tenant exactly one renewal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type TenantServerHandler } from '../../src/server/index.js';
import { evictableCache } from '../support/evictable-cache.js';
import { serveHandler } from '../server/serve-handler.js';
import { cookieResolver, keyAsked, keyIssuedFor } from '../server/tenant-fixtures.js';
import { type Running, startService } from '../support/fixtures.js';
import { crossedCalls, tenantStep } from '../support/model/tenant-step.js';

// A few runs in `npm test`; `npm run fuzz` (FUZZ_RUNS) runs many more. MODEL_SEED replays a run.
const RUNS = Number(process.env.TENANT_MODEL_RUNS ?? process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.MODEL_SEED ?? Date.now() % 2 ** 31);
const TENANTS = 4;
const keyOf = (tenant: number) => `key-tenant-${String(tenant)}`;
const silent = { warn: () => undefined, error: () => undefined };

class Deployment {
  readonly revoked = new Set<number>();
  readonly failures: string[] = [];
  private operations = 0;

  constructor(
    readonly running: Running,
    readonly cache: ReturnType<typeof evictableCache>,
    readonly proxy: { handler: TenantServerHandler; url: string },
    readonly tokens: { handler: TenantServerHandler; url: string },
  ) {}

  /** `count` concurrent requests of `tenant`'s user through one handler; `spoof` names another tenant in a header and the body. */
  async batch(tenant: number, count: number, via: 'proxy' | 'token', spoof: number | null): Promise<void> {
    const before = this.running.service.authCalls.length;
    await Promise.all(Array.from({ length: count }, () => this.request(tenant, via, spoof)));
    const asked = this.running.service.authCalls.slice(before).map(keyAsked);
    // Every /v1/auth while only this tenant is served asks with its key, and at most once per batch.
    if (asked.some((key) => key !== keyOf(tenant))) this.failures.push(`a batch of tenant ${String(tenant)} asked /v1/auth with ${JSON.stringify(asked)}`);
    if (asked.length > 1) this.failures.push(`a batch of tenant ${String(tenant)} cost ${String(asked.length)} /v1/auth calls`);
  }

  private async request(tenant: number, via: 'proxy' | 'token', spoof: number | null): Promise<void> {
    const name = `T${String(tenant)}_Op${String((this.operations += 1))}`;
    const other = spoof === null ? {} : { tenant: String(spoof), apiKey: keyOf(spoof) };
    const body = via === 'proxy' ? { query: `query ${name} { pentests_count }`, ...other } : other;
    const answer = await fetch(via === 'proxy' ? this.proxy.url : this.tokens.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=user-${String(tenant)}`, ...(spoof === null ? {} : { 'x-tenant': String(spoof) }) },
      body: JSON.stringify(body),
    });
    const text = await answer.text();
    if (answer.status !== 200) {
      // A revoked key may end its tenant's service; no one else's.
      if (!this.revoked.has(tenant) || answer.status !== 502) this.failures.push(`${name} via ${via}: ${String(answer.status)} ${text}`);
      return;
    }
    if (via === 'token') {
      const { token } = JSON.parse(text) as { token: string };
      if (keyIssuedFor(this.running.service, token) !== keyOf(tenant))
        this.failures.push(`${name}: handed a token of ${String(keyIssuedFor(this.running.service, token))}`);
    }
  }

  /** Upstream GraphQL requests that carried a token issued for another tenant's key. */
  crossed(): string[] {
    return crossedCalls(this.running.service, keyOf);
  }
}

const step = tenantStep<Deployment>;

const tenant = fc.nat(TENANTS - 1);

const commands = [
  fc
    .tuple(tenant, fc.integer({ min: 1, max: 4 }), fc.constantFrom('proxy' as const, 'token' as const), fc.option(tenant, { nil: null }))
    .map(([who, count, via, spoof]) =>
      step(`batch(tenant ${String(who)} ×${String(count)} via ${via}${spoof === null ? '' : `, naming ${String(spoof)}`})`, (deployment) =>
        deployment.batch(who, count, via, spoof),
      ),
    ),
  tenant.map((who) =>
    step(`expire(tenant ${String(who)}) then a batch`, async (deployment) => {
      const { service } = deployment.running;
      for (const call of service.authCalls) if (call.token !== null && keyAsked(call) === keyOf(who)) service.expireToken(call.token);
      const before = service.authCalls.length;
      await deployment.batch(who, 3, 'proxy', null);
      const renewals = service.authCalls.length - before;
      // Exactly one renewal for the expiry; a revoked key may be in its backoff and not asked.
      if (deployment.revoked.has(who) ? renewals > 1 : renewals !== 1)
        deployment.failures.push(`expiry of tenant ${String(who)} cost ${String(renewals)} /v1/auth calls`);
    }),
  ),
  tenant.map((who) =>
    step(`revoke(tenant ${String(who)})`, (deployment) => {
      deployment.running.service.removeApiKey(keyOf(who));
      deployment.revoked.add(who);
    }),
  ),
  fc.constant(
    step('evict the shared cache', (deployment) => {
      deployment.cache.evict();
    }),
  ),
];

describe('tenants against a model (fast-check commands): no token crosses from one tenant to another', () => {
  it(
    'every upstream request and every handed-out token is the requesting tenant’s; every /v1/auth is for the tenant served, one per expiry',
    async () => {
      const users = Object.fromEntries(Array.from({ length: TENANTS }, (_, index) => [`user-${String(index)}`, String(index)]));
      const keys = Object.fromEntries(Array.from({ length: TENANTS }, (_, index) => [String(index), keyOf(index)]));
      const property = fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (script) => {
        const running = await startService({ apiKeys: Object.values(keys), tokenLifetimeSec: 3600 });
        const cache = evictableCache();
        const options = { credentials: cookieResolver(users, keys), regions: { test: running.baseUrl }, tokenCache: cache, logger: silent };
        // Fewer sessions than tenants: the pools evict as the batches move between tenants.
        const proxy = createGraphQLProxy({ ...options, maxSessions: 2 });
        const tokens = createTokenHandler({ ...options, maxSessions: 3 });
        const deployment = new Deployment(
          running,
          cache,
          { handler: proxy, url: await serveHandler(proxy) },
          { handler: tokens, url: await serveHandler(tokens) },
        );
        await fc.asyncModelRun(() => ({ model: {}, real: deployment }), script);
        expect(proxy.status().sessions).toBeLessThanOrEqual(2);
        expect(tokens.status().sessions).toBeLessThanOrEqual(3);
      });
      await fc.assert(property, { numRuns: RUNS, seed: SEED });
    },
    Math.max(60_000, RUNS * 3_000),
  );
});
