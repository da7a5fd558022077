// @vitest-environment node
// OpenTelemetry through the API's global registry, checked with the real SDK (in-memory span exporter,
// a metric reader collected on demand): the counts equal the mock service's request log exactly, and
// no attribute carries the key or a token. Without a registered provider nothing is recorded.
import { metrics, trace } from '@opentelemetry/api';
import { AggregationTemporality, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/index.js';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache } from '../../src/server/index.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';

class OnDemandReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected onShutdown = () => Promise.resolve();
  protected onForceFlush = () => Promise.resolve();
}

let spans: InMemorySpanExporter;
let reader: OnDemandReader;

beforeEach(() => {
  spans = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }));
  reader = new OnDemandReader();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
});

afterEach(() => {
  trace.disable();
  metrics.disable();
});

/** Sum of a counter's points, or the count of a histogram's recordings, by instrument name. */
async function collected(): Promise<Map<string, { sum: number; attributes: Array<Record<string, unknown>> }>> {
  const { resourceMetrics } = await reader.collect();
  const byName = new Map<string, { sum: number; attributes: Array<Record<string, unknown>> }>();
  for (const scope of resourceMetrics.scopeMetrics) {
    for (const metric of scope.metrics) {
      const points = metric.dataPoints as Array<{ value: number | { count: number }; attributes: Record<string, unknown> }>;
      byName.set(metric.descriptor.name, {
        sum: points.reduce((total, point) => total + (typeof point.value === 'number' ? point.value : point.value.count), 0),
        attributes: points.map((point) => point.attributes),
      });
    }
  }
  return byName;
}

const named = (name: string) => spans.getFinishedSpans().filter((span) => span.name === name);

async function proxyUrl(running: Running, extra: Partial<Parameters<typeof createGraphQLProxy>[0]> = {}) {
  return `${await serveHandler(createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, ...extra }))}/api/graphql`;
}

describe('OpenTelemetry, with the SDK registered', () => {
  it('the proxy: one exchange span per /v1/auth call, expired answers and retries counted as the service saw them, a span per operation', async () => {
    const running = await startService();
    const url = await proxyUrl(running);
    for (let index = 0; index < 3; index++) expect((await post(url, { query: 'query Items { pentests_count }' })).status).toBe(200);
    running.service.expireTokensNow();
    expect((await post(url, { query: '{ pentests_count }', operationName: null })).status).toBe(200);

    const exchanges = named('graphql-jwt-auth /v1/auth');
    expect(exchanges).toHaveLength(running.service.authCalls.length);
    expect(exchanges.map((span) => span.attributes)).toEqual([
      { 'graphql_jwt_auth.region': 'test', 'graphql_jwt_auth.reason': 'first', 'graphql_jwt_auth.outcome': 'ok', 'http.response.status_code': 200 },
      { 'graphql_jwt_auth.region': 'test', 'graphql_jwt_auth.reason': 'expired', 'graphql_jwt_auth.outcome': 'ok', 'http.response.status_code': 200 },
    ]);
    const proxied = named('graphql-jwt-auth proxy');
    expect(
      proxied.map((span) => [
        span.attributes['graphql.operation.name'],
        span.attributes['http.response.status_code'],
        span.attributes['graphql_jwt_auth.retried'],
      ]),
    ).toEqual([
      ['Items', 200, false],
      ['Items', 200, false],
      ['Items', 200, false],
      ['', 200, true],
    ]);
    const counted = await collected();
    expect(counted.get('graphql_jwt_auth.auth.exchanges')?.sum).toBe(running.service.authCalls.length);
    expect(counted.get('graphql_jwt_auth.auth.exchange.duration')?.sum).toBe(running.service.authCalls.length);
    expect(counted.get('graphql_jwt_auth.graphql.expired_answers')?.sum).toBe(running.service.graphqlCalls.filter((call) => call.expired).length);
    expect(counted.get('graphql_jwt_auth.graphql.retries')?.sum).toBe(1);

    const everything = JSON.stringify([spans.getFinishedSpans().map((span) => span.attributes), [...counted.values()].map((metric) => metric.attributes)]);
    expect(everything).not.toContain(API_KEY);
    for (const token of running.service.issuedTokens) expect(everything).not.toContain(token.split('.')[1]);
  });

  it('many tenants behind one proxy: one exchange per tenant, and no attribute holds a key or grows with the tenants', async () => {
    const keys = Array.from({ length: 6 }, (_, index) => `tenant-key-${String(index)}`);
    const running = await startService({ apiKeys: keys });
    const tenantOf = (request: Request) => Number(/tenant=(\d)/.exec(request.headers.get('cookie') ?? '')?.[1]);
    const proxy = createGraphQLProxy({
      credentials: (request) => ({ apiKey: keys[tenantOf(request)] ?? '', region: 'test' }),
      regions: { test: running.baseUrl },
      maxSessions: 3,
      tokenCache: memoryTokenCache(),
    });
    const url = `${await serveHandler(proxy)}/api/graphql`;
    for (const round of [0, 1]) {
      for (const index of keys.keys()) {
        expect((await post(url, { query: 'query Items { pentests_count }' }, { cookie: `tenant=${String(index)}` })).status, `round ${String(round)}`).toBe(
          200,
        );
      }
    }

    // Each tenant's key asked once, in order: a failure names the tenant asked twice and how it was answered.
    expect(running.service.authCalls.map((call) => `${String((JSON.parse(call.body) as { key?: unknown }).key)} ${String(call.status)}`)).toEqual(
      keys.map((key) => `${key} 200`),
    );
    const counted = await collected();
    expect(counted.get('graphql_jwt_auth.auth.exchanges')).toEqual({
      sum: keys.length,
      attributes: [
        { 'graphql_jwt_auth.region': 'test', 'graphql_jwt_auth.reason': 'first', 'graphql_jwt_auth.outcome': 'ok', 'http.response.status_code': 200 },
      ],
    });
    // Twelve requests of six tenants (the second round through the cache, the pool holding three), and
    // the spans say no more than one tenant's would: eight kinds, none naming a tenant.
    const kinds = new Set(spans.getFinishedSpans().map((span) => `${span.name} ${Object.values(span.attributes).join(' ')}`));
    expect([...kinds].sort()).toEqual([
      'graphql-jwt-auth /v1/auth test first ok 200',
      'graphql-jwt-auth cache read hit',
      'graphql-jwt-auth cache read miss',
      'graphql-jwt-auth cache readHoldOff miss',
      'graphql-jwt-auth cache releaseLease done',
      'graphql-jwt-auth cache takeLease lease',
      'graphql-jwt-auth cache write done',
      'graphql-jwt-auth proxy Items 200 false',
    ]);
    const everything = JSON.stringify([spans.getFinishedSpans().map((span) => span.attributes), [...counted.values()].map((metric) => metric.attributes)]);
    for (const key of keys) expect(everything).not.toContain(key);
  });

  it('tenantLabel: every span and metric point of a tenant’s session carries the label the app gave for it, and never a key', async () => {
    const tenants = ['acme', 'globex', 'initech'];
    const keyOf = (tenant: string) => `key-of-${tenant}`;
    const running = await startService({ apiKeys: tenants.map(keyOf) });
    const tenantOf = (request: Request) => /tenant=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? '';
    const proxy = createGraphQLProxy({
      credentials: (request) => ({ apiKey: keyOf(tenantOf(request)), region: 'test' }),
      tenantLabel: tenantOf,
      regions: { test: running.baseUrl },
      tokenCache: memoryTokenCache(),
    });
    const url = `${await serveHandler(proxy)}/api/graphql`;
    for (const tenant of tenants) expect((await post(url, { query: 'query Items { pentests_count }' }, { cookie: `tenant=${tenant}` })).status).toBe(200);
    running.service.expireTokensNow();
    expect((await post(url, { query: 'query Items { pentests_count }' }, { cookie: 'tenant=globex' })).status).toBe(200);

    const labelled = (name: string) => named(name).map((span) => span.attributes['graphql_jwt_auth.tenant']);
    expect(labelled('graphql-jwt-auth proxy')).toEqual([...tenants, 'globex']);
    expect(labelled('graphql-jwt-auth /v1/auth')).toEqual([...tenants, 'globex']);
    expect(new Set(labelled('graphql-jwt-auth cache'))).toEqual(new Set(tenants));
    const counted = await collected();
    const byTenant = (name: string) =>
      counted
        .get(name)
        ?.attributes.map((point) => point['graphql_jwt_auth.tenant'])
        .sort();
    expect(byTenant('graphql_jwt_auth.auth.exchanges')).toEqual(['acme', 'globex', 'globex', 'initech']); // globex: first, then expired
    expect(byTenant('graphql_jwt_auth.graphql.expired_answers')).toEqual(['globex']);
    expect(byTenant('graphql_jwt_auth.graphql.retries')).toEqual(['globex']);
    const everything = JSON.stringify([spans.getFinishedSpans().map((span) => span.attributes), [...counted.values()].map((metric) => metric.attributes)]);
    for (const tenant of tenants) expect(everything).not.toContain(keyOf(tenant));
  });

  it('without tenantLabel no span or metric point names a tenant, and tenantLabel with one apiKey is refused at start-up', async () => {
    const running = await startService({ apiKeys: ['key-a', 'key-b'] });
    const proxy = createGraphQLProxy({
      credentials: (request) => ({ apiKey: request.headers.get('cookie') === 'tenant=a' ? 'key-a' : 'key-b', region: 'test' }),
      regions: { test: running.baseUrl },
    });
    const url = `${await serveHandler(proxy)}/api/graphql`;
    for (const cookie of ['tenant=a', 'tenant=b']) expect((await post(url, { query: '{ pentests_count }' }, { cookie })).status).toBe(200);
    const counted = await collected();
    // Keys, not JSON: an attribute set to undefined is still a key an exporter is handed.
    const keys = [...spans.getFinishedSpans().map((span) => span.attributes), ...[...counted.values()].flatMap((metric) => metric.attributes)].flatMap(
      Object.keys,
    );
    expect(keys).not.toContain('graphql_jwt_auth.tenant');
    expect(() =>
      createGraphQLProxy({ apiKey: API_KEY, region: 'test', authorizeRequest: hasSession, tenantLabel: () => 'a' } as unknown as Parameters<
        typeof createGraphQLProxy
      >[0]),
    ).toThrow('tenantLabel applies to credentials, not to one apiKey');
  });

  it('a tenantLabel that throws or answers no string costs the label, never the answer: no span or metric point names a tenant', async () => {
    const running = await startService({ apiKeys: ['key-a', 'key-b'] });
    const labels: Record<string, () => unknown> = {
      'tenant=a': () => {
        throw new Error('no such tenant');
      },
      'tenant=b': () => 42,
    };
    const proxy = createGraphQLProxy({
      credentials: (request) => ({ apiKey: request.headers.get('cookie') === 'tenant=a' ? 'key-a' : 'key-b', region: 'test' }),
      // As JavaScript may pass it: the type says string.
      tenantLabel: ((request: Request) => labels[request.headers.get('cookie') ?? '']?.()) as (request: Request) => string,
      regions: { test: running.baseUrl },
    });
    const url = `${await serveHandler(proxy)}/api/graphql`;
    for (const cookie of ['tenant=a', 'tenant=b']) expect((await post(url, { query: '{ pentests_count }' }, { cookie })).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(2);
    const counted = await collected();
    const everything = JSON.stringify([spans.getFinishedSpans().map((span) => span.attributes), [...counted.values()].map((metric) => metric.attributes)]);
    expect(named('graphql-jwt-auth proxy')).toHaveLength(2);
    expect(everything).not.toContain('graphql_jwt_auth.tenant');
  });

  it('a failed operation: its span is an error named by the failure’s kind, without a status code, and the browser still gets its answer', async () => {
    const running = await startService();
    // Two proxies: the answer too large is read in full however slow a loaded machine is; the timeout
    // is a held answer's, never a slow one's.
    const tooLarge = await proxyUrl(running, { maxResponseBytes: 100 });
    expect((await post(tooLarge, { query: '{ pentests_page(page_input: { page_size: 5 }) { pentests { op_id name } } }' })).status).toBe(502);
    const timingOut = await proxyUrl(running, { upstreamTimeoutMs: 200 });
    const release = running.service.pauseGraphql();
    const held = await post(timingOut, { query: '{ pentests_count }' });
    release();
    expect(held.status).toBe(504);
    expect(named('graphql-jwt-auth proxy').map((span) => [span.status, span.attributes['http.response.status_code']])).toEqual([
      [{ code: 2, message: 'ResponseTooLarge' }, undefined],
      [{ code: 2, message: 'UpstreamTimeout' }, undefined],
    ]);
  });

  it('a refused key: the exchange span says refused with the status, the counter too', async () => {
    const running = await startService();
    running.service.queueAuthFailures(403);
    const url = await proxyUrl(running, { logger: { warn: () => undefined, error: () => undefined } });
    expect((await post(url, { query: '{ pentests_count }' })).status).toBe(502);
    const [exchange] = named('graphql-jwt-auth /v1/auth');
    expect(exchange?.attributes).toMatchObject({ 'graphql_jwt_auth.outcome': 'refused', 'http.response.status_code': 403 });
    expect(exchange?.status.code).toBe(2);
    expect((await collected()).get('graphql_jwt_auth.auth.exchanges')?.attributes).toEqual([
      { 'graphql_jwt_auth.region': 'test', 'graphql_jwt_auth.reason': 'first', 'graphql_jwt_auth.outcome': 'refused', 'http.response.status_code': 403 },
    ]);
  });

  it('a list of operations: each refusal counted by its reason, no span or exchange for it, never the text or the id', async () => {
    const running = await startService();
    const count = 'query Count { pentests_count }';
    const url = await proxyUrl(running, { operations: { c1: count }, logger: { warn: () => undefined, error: () => undefined } });
    expect((await post(url, { documentId: 'c1' })).status).toBe(200);
    expect((await post(url, { documentId: 'nope' })).status).toBe(403);
    expect((await post(url, { query: '{ pentests_count }' })).status).toBe(403);
    expect((await post(url, [{ documentId: 'c1' }])).status).toBe(403);

    expect((await collected()).get('graphql_jwt_auth.proxy.refused_operations')).toEqual({
      sum: 3,
      attributes: [{ 'graphql_jwt_auth.reason': 'unknown_id' }, { 'graphql_jwt_auth.reason': 'unlisted_text' }, { 'graphql_jwt_auth.reason': 'batch' }],
    });
    expect(named('graphql-jwt-auth proxy')).toHaveLength(1);
    expect(named('graphql-jwt-auth /v1/auth')).toHaveLength(1);
  });

  it('the shared cache: a span per call with what it came to (miss, lease, no hold-off, done, hit)', async () => {
    const running = await startService();
    const tokenCache = memoryTokenCache();
    const options = { apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache };
    const first = `${await serveHandler(createTokenHandler(options))}/api/token`;
    const second = `${await serveHandler(createTokenHandler(options))}/api/token`;
    expect((await post(first, {})).status).toBe(200);
    expect((await post(second, {})).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(1);
    expect(
      named('graphql-jwt-auth cache').map(
        (span) => `${String(span.attributes['graphql_jwt_auth.cache.operation'])} ${String(span.attributes['graphql_jwt_auth.cache.result'])}`,
      ),
    ).toEqual(['read miss', 'takeLease lease', 'read miss', 'readHoldOff miss', 'write done', 'releaseLease done', 'read hit']);
    expect(named('graphql-jwt-auth /v1/auth')).toHaveLength(1);
  });

  it("the core client in an app (the browser path) records nothing, its exchanges told through onEvent: telemetry is the server entries' to give", async () => {
    const running = await startService();
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl } });
    const exchanges: string[] = [];
    client.onEvent((event) => {
      if (event.type === 'exchange-start') exchanges.push(event.reason);
    });
    await client.request('{ pentests_count }');
    await client.refresh();
    client.dispose();
    expect(exchanges).toEqual(['first', 'forced']);
    expect(running.service.authCalls).toHaveLength(2);
    expect(spans.getFinishedSpans()).toEqual([]);
    expect([...(await collected()).keys()]).toEqual([]);
  });
});

describe('what a span records of a hostile client is bounded, and the request still answers', () => {
  const recordedNames = () => named('graphql-jwt-auth proxy').map((span) => span.attributes['graphql.operation.name']);

  it('nested parentheses in a 560 kB query (204 s of scanning before): answered as the service answers it, the span named by the scan of the whole text', async () => {
    const running = await startService();
    const url = await proxyUrl(running);
    const n = 140_000;
    const query = `query Q${'('.repeat(n)}${')('.repeat(n)}${')'.repeat(n)} { pentests_count }`;
    const answer = await post(url, { query });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ errors: [{ message: expect.stringContaining('Syntax Error') as string }] });
    expect(running.service.graphqlCalls).toHaveLength(1);
    expect(recordedNames()).toEqual(['Q']);
  });

  it('an operation name is recorded only as a GraphQL name of at most 100 characters, whether sent or read from the query; else empty', async () => {
    const running = await startService();
    const url = await proxyUrl(running);
    const hundred = `N${'a'.repeat(99)}`;
    const bodies = [
      { query: `query ${hundred} { pentests_count }` },
      { query: `query ${hundred}b { pentests_count }` },
      { query: `query ${'N'.repeat(500_000)} { pentests_count }` },
      { query: '{ pentests_count }', operationName: hundred },
      { query: '{ pentests_count }', operationName: `${hundred}b` },
      { query: '{ pentests_count }', operationName: 'Evil\r\n\u001b[2J\u001b[31mforged log line'.repeat(10_000) },
      { query: '{ pentests_count }', operationName: 'Items\n' },
    ];
    for (const body of bodies) expect((await post(url, body)).status).toBe(200);
    expect(running.service.graphqlCalls).toHaveLength(bodies.length);
    expect(recordedNames()).toEqual([hundred, '', '', hundred, '', '', '']);
  });
});

describe('OpenTelemetry, without a provider', () => {
  it('records nothing and fails nothing', async () => {
    trace.disable();
    metrics.disable();
    const running = await startService();
    const url = await proxyUrl(running);
    expect((await post(url, { query: '{ pentests_count }' })).status).toBe(200);
    expect(spans.getFinishedSpans()).toEqual([]);
    expect((await collected()).size).toBe(0);
  });
});
