/**
 * One server of the server bench, in its own Node process on the same adapter as every other
 * (@hono/node-server's request listener on node:http), so that the only difference between rows is
 * the handler. Prints `{"port": N}` once listening; `GET /__memory` answers its RSS and heap after a
 * full collection (the process runs with --expose-gc). Settings come from the environment:
 *
 * - MODE: `proxy` (createGraphQLProxy), `proxy-listed` (the same given a list of 1,000 operations,
 *   `operations`: bench/support/operation-list.ts), `bare` (reads the body, forwards it with a fixed bearer,
 *   returns the answer), `hono` (Hono's `proxy` helper with a fixed header), `token`
 *   (createTokenHandler), `token-floor` (reads the body, answers a constant token), `tenants` (one
 *   proxy for many keys, see tenantsProxy);
 * - SERVICE_URL, API_KEY, and TOKEN (the fixed bearer of `bare`, `hono` and `token-floor`);
 * - REDIS_URL: the token cache of `proxy` and `token` is Redis when set;
 * - OTEL=1: the OpenTelemetry SDK registered (spans and metrics recorded, then dropped).
 *
 * The library comes by its own name: Node resolves it to the built dist/ (the package refers to itself
 * through its exports), the type-checker to the sources (tsconfig paths), so a clean clone type-checks.
 */
import { getRequestListener } from '@hono/node-server';
import { metrics, trace } from '@opentelemetry/api';
import { MeterProvider, type PushMetricExporter, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import { createServer } from 'node:http';
import { getHeapSpaceStatistics } from 'node:v8';
import { createClient } from 'redis';
import { redisTokenCache } from 'graphql-jwt-auth-react/redis';
import { createGraphQLProxy, createTokenHandler, type ServerHandlerOptions } from 'graphql-jwt-auth-react/server';
import { operationList } from '../support/operation-list.js';

const env = (name: string) => process.env[name] ?? '';
const graphqlUrl = `${env('SERVICE_URL')}/v1/graphql`;
const bearer = `Bearer ${env('TOKEN')}`;

/** Exports that go nowhere: the SDK does all its work (spans built, batched, metrics aggregated), nothing is kept. */
const dropped = (done: (result: { code: 0 }) => void) => {
  done({ code: 0 });
}; // ExportResultCode.SUCCESS
function registerOpenTelemetry(): void {
  const spans: SpanExporter = {
    export: (_spans, done) => {
      dropped(done);
    },
    shutdown: () => Promise.resolve(),
  };
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(spans)] }));
  const points: PushMetricExporter = {
    export: (_metrics, done) => {
      dropped(done);
    },
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: points, exportIntervalMillis: 1_000 })] }));
}

async function tokenCacheFromEnv(): Promise<Pick<ServerHandlerOptions, 'tokenCache'>> {
  if (env('REDIS_URL') === '') return {};
  const redis = createClient({ url: env('REDIS_URL') });
  await redis.connect();
  return { tokenCache: redisTokenCache(redis, { keySecret: 'bench-key-secret-of-at-least-32-characters' }) };
}

/**
 * MODE=tenants: one proxy for every tenant, the tenant named by a `t=N` cookie (the bench's stand-in
 * for the app's session lookup) and served with the key `<API_KEY>-N`; MAX_SESSIONS bounds the pool.
 */
function tenantsProxy() {
  const maxSessions = env('MAX_SESSIONS') === '' ? {} : { maxSessions: Number(env('MAX_SESSIONS')) };
  return createGraphQLProxy({
    credentials: (request) => {
      const tenant = /(?:^|;\s*)t=(\d+)/.exec(request.headers.get('cookie') ?? '')?.[1];
      return tenant === undefined ? null : { apiKey: `${env('API_KEY')}-${tenant}`, region: 'bench' };
    },
    regions: { bench: env('SERVICE_URL') },
    ...maxSessions,
  });
}

async function handlerFor(mode: string): Promise<(request: Request) => Response | Promise<Response>> {
  const options: ServerHandlerOptions = {
    apiKey: env('API_KEY'),
    region: 'bench',
    regions: { bench: env('SERVICE_URL') },
    authorizeRequest: () => true,
    ...(await tokenCacheFromEnv()),
  };
  switch (mode) {
    case 'proxy':
      return createGraphQLProxy(options);
    case 'proxy-listed':
      return createGraphQLProxy({ ...options, operations: operationList() });
    case 'token':
      return createTokenHandler(options);
    case 'tenants':
      return tenantsProxy();
    case 'bare':
      return async (request) => {
        const answer = await fetch(graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: bearer },
          body: await request.text(),
        });
        // The answer as text, not as a stream: on this adapter a string goes out in one write, where a
        // stream is piped through web streams (measured: the streamed forward is about 25 % slower).
        return new Response(await answer.text(), { status: answer.status, headers: { 'content-type': 'application/json' } });
      };
    case 'hono': {
      const app = new Hono();
      app.post('*', (c) => proxy(graphqlUrl, { raw: c.req.raw, headers: { 'content-type': 'application/json', authorization: bearer } }));
      return app.fetch;
    }
    case 'token-floor': {
      const answer = JSON.stringify({ token: env('TOKEN'), region: 'bench' });
      return async (request) => {
        await request.json();
        return new Response(answer, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
      };
    }
    default:
      throw new Error(`unknown MODE ${mode}`);
  }
}

if (env('OTEL') === '1') registerOpenTelemetry();
const listener = getRequestListener(await handlerFor(env('MODE')));
const collect = (globalThis as { gc?: () => void }).gc;
const server = createServer((req, res) => {
  if (req.url === '/__memory') {
    collect?.();
    // The heap's spaces too: whether RSS grows with the code space (the optimizing compilers) or the data.
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...process.memoryUsage(), spaces }));
    return;
  }
  void listener(req, res);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address !== null ? address.port : 0 })}\n`);
});
// A normal exit on SIGTERM, so that `node --cpu-prof` writes its profile (profiling a missed target).
process.on('SIGTERM', () => process.exit(0));
