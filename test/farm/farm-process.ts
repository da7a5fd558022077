/**
 * One server process of the farm (a child process of the test): a token handler or a GraphQL
 * proxy built from the sources, its token shared through Redis, served on 127.0.0.1. Prints
 * `{"port": N}` once listening. Settings come from the environment, as a deployment's would:
 * API_KEY for one key, or TENANT_KEYS (comma-separated) for a key per tenant, the user of cookie
 * `sid=user-N` belonging to the N-th.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { createClient, createCluster } from 'redis';
import { redisTokenCache } from '../../src/redis/index.js';
import { createGraphQLProxy, createTokenHandler, type ServerHandlerOptions, type TenantHandlerOptions } from '../../src/server/index.js';

const env = (name: string) => process.env[name] ?? '';
const optionalNumber = (name: string) => (env(name) === '' ? undefined : Number(env(name)));

// Commands fail at once while Redis (or a cluster's master) is away, instead of waiting in the client's queue.
const clientOptions = { disableOfflineQueue: true, socket: { reconnectStrategy: () => 100, connectTimeout: 500 } } as const;

/** A client of REDIS_CLUSTER's nodes (`host:port,…`) or of REDIS_URL's one server. */
function redisFromEnv() {
  if (env('REDIS_CLUSTER') === '') return createClient({ url: env('REDIS_URL'), ...clientOptions });
  return createCluster({
    rootNodes: env('REDIS_CLUSTER')
      .split(',')
      .map((node) => ({ url: `redis://${node}` })),
    defaults: clientOptions,
  });
}

/** The Redis cache, or none when REDIS_URL and REDIS_CLUSTER are empty (each process alone: the bench's baseline). */
async function tokenCacheFromEnv() {
  if (env('REDIS_URL') === '' && env('REDIS_CLUSTER') === '') return {};
  const redis = redisFromEnv();
  redis.on('error', () => undefined); // the cache logs its own one line
  await redis.connect();
  const leaseMs = optionalNumber('LEASE_MS');
  const waitTimeoutMs = optionalNumber('WAIT_TIMEOUT_MS');
  const encryptionKey = env('ENCRYPTION_KEY');
  const tokenCache = redisTokenCache(redis, {
    ...(leaseMs === undefined ? {} : { leaseMs }),
    ...(waitTimeoutMs === undefined ? {} : { waitTimeoutMs }),
    ...(encryptionKey === '' ? {} : { encryptionKey }),
  });
  return { tokenCache };
}

// With TEST_CLOCK (epoch ms) set, every process's clock stands at that time until `POST /__clock`
// with a number of ms moves it ahead: the test steps a backoff's time in all of them at once, and a
// loaded machine cannot end a step while the test still counts its calls.
let clockOffsetMs = 0;
const testClock = env('TEST_CLOCK') === '' ? {} : { now: () => Number(env('TEST_CLOCK')) + clockOffsetMs };
const common = { regions: { test: env('SERVICE_URL') }, ...(await tokenCacheFromEnv()), ...testClock };
const margin = optionalNumber('REFRESH_MARGIN_MS');
const maxSessions = optionalNumber('MAX_SESSIONS');
const tenantKeys = env('TENANT_KEYS') === '' ? [] : env('TENANT_KEYS').split(',');

/** The app's lookup: the session cookie's user, the user's tenant, the tenant's key. */
function tenantOf(request: Request) {
  const user = /(?:^|;\s*)sid=user-(\d+)(?:;|$)/.exec(request.headers.get('cookie') ?? '')?.[1];
  const apiKey = user === undefined ? undefined : tenantKeys[Number(user)];
  return apiKey === undefined ? null : { apiKey, region: 'test' };
}

function makeHandler() {
  const make = env('MODE') === 'proxy' ? createGraphQLProxy : createTokenHandler;
  if (tenantKeys.length > 0) {
    const options: TenantHandlerOptions = { ...common, credentials: tenantOf };
    if (margin !== undefined) options.refreshMarginMs = margin;
    if (maxSessions !== undefined) options.maxSessions = maxSessions;
    return make(options);
  }
  const options: ServerHandlerOptions = { ...common, apiKey: env('API_KEY'), region: 'test', authorizeRequest: () => true };
  if (margin !== undefined) options.refreshMarginMs = margin;
  return make(options);
}
const handler = makeHandler();

const listener = getRequestListener(handler);
const server = createServer((req, res) => {
  if (env('TEST_CLOCK') !== '' && req.url === '/__clock' && req.method === 'POST') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      clockOffsetMs += Number(body);
      res.end(String(clockOffsetMs));
    });
    return;
  }
  void listener(req, res);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address !== null ? address.port : 0 })}\n`);
});
