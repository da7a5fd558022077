// @vitest-environment node
// A handler's options are checked at start-up, for JavaScript callers too: a wrong value is an
// AuthConfigError naming the option and what it takes, before any request, never a TypeError later.
// The edge of each range is accepted, and a handler built with it answers.
import { describe, expect, it } from 'vitest';
import { AuthConfigError } from '../../src/index.js';
import { createGraphQLProxy, createTokenHandler, type GraphQLProxyOptions } from '../../src/server/index.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { hasSession, post, serveHandler } from './serve-handler.js';

const base = (baseUrl: string): GraphQLProxyOptions => ({ apiKey: API_KEY, region: 'test', regions: { test: baseUrl }, authorizeRequest: hasSession });
const UNUSED = 'http://127.0.0.1:9';

/** [what is wrong, the options, the whole message]: each for both handlers. */
const SHARED_REFUSALS: Array<[string, Record<string, unknown>, string]> = [
  ['no authorizeRequest', { authorizeRequest: undefined }, 'authorizeRequest is required: the app decides which requests may use its key'],
  ['authorizeRequest not a function', { authorizeRequest: true }, 'authorizeRequest is required: the app decides which requests may use its key'],
  ['waitUntil not a function', { waitUntil: {} }, 'waitUntil must be a function that keeps a promise alive, such as (promise) => ctx.waitUntil(promise)'],
  ['maxJsonDepth 0', { maxJsonDepth: 0 }, 'maxJsonDepth must be a whole number of at least 1, got 0'],
  ['maxJsonDepth 1.5', { maxJsonDepth: 1.5 }, 'maxJsonDepth must be a whole number of at least 1, got 1.5'],
  ['maxJsonDepth a string', { maxJsonDepth: '64' }, 'maxJsonDepth must be a whole number of at least 1, got string'],
  ['maxJsonDepth beyond a safe integer', { maxJsonDepth: 2 ** 53 }, 'maxJsonDepth must be a whole number of at least 1, got 9007199254740992'],
  ['maxJsonValues 0', { maxJsonValues: 0 }, 'maxJsonValues must be a whole number of at least 1, got 0'],
  ['maxJsonValues 10.5', { maxJsonValues: 10.5 }, 'maxJsonValues must be a whole number of at least 1, got 10.5'],
  ['maxJsonValues a string', { maxJsonValues: '10000' }, 'maxJsonValues must be a whole number of at least 1, got string'],
  ['forcedRenewalIntervalMs -1', { forcedRenewalIntervalMs: -1 }, 'forcedRenewalIntervalMs must be a whole number of at least 1, got -1'],
  ['upstreamTimeoutMs Infinity', { upstreamTimeoutMs: Number.POSITIVE_INFINITY }, 'upstreamTimeoutMs must be a whole number of at least 1, got Infinity'],
  ['recovery.initialDelayMs NaN', { recovery: { initialDelayMs: Number.NaN } }, 'recovery.initialDelayMs must be a whole number of at least 1, got NaN'],
  ['recovery.maxDelayMs 0', { recovery: { maxDelayMs: 0 } }, 'recovery.maxDelayMs must be a whole number of at least 1, got 0'],
  ['logger null', { logger: null }, 'logger must have warn(message) and error(message), as console does'],
  ['logger a function', { logger: () => undefined }, 'logger must have warn(message) and error(message), as console does'],
  [
    'logger a function that has warn and error',
    { logger: Object.assign(() => undefined, { warn: () => undefined, error: () => undefined }) },
    'logger must have warn(message) and error(message), as console does',
  ],
  ['logger without error', { logger: { warn: () => undefined } }, 'logger must have warn(message) and error(message), as console does'],
  ['logger without warn', { logger: { error: () => undefined } }, 'logger must have warn(message) and error(message), as console does'],
  ['onEvent not a function', { onEvent: 'console.log' }, 'onEvent must be a function that takes an event, such as (event) => console.log(event)'],
  ['trustForwardedHeaders a string', { trustForwardedHeaders: 'true' }, 'trustForwardedHeaders must be true or false'],
  ['allowedOrigins a string', { allowedOrigins: 'https://app.example.com' }, 'allowedOrigins must be an array of origins such as "https://app.example.com"'],
  [
    'allowedOrigins holding a number',
    { allowedOrigins: ['https://app.example.com', 443] },
    'allowedOrigins must be an array of origins such as "https://app.example.com"',
  ],
  ...['https://app.example.com/', 'https://App.example.com', '*', 'null', 'app.example.com', 'https://app.example.com:443'].map(
    (origin): [string, Record<string, unknown>, string] => [
      `allowedOrigins holding ${origin}, which no browser sends`,
      { allowedOrigins: ['https://ok.example.com', origin] },
      `allowedOrigins holds ${JSON.stringify(origin)}, which no browser sends as its Origin: write scheme://host[:port], such as "https://app.example.com"`,
    ],
  ),
];

const PROXY_REFUSALS: Array<[string, Record<string, unknown>, string]> = [
  ['maxBodyBytes 0', { maxBodyBytes: 0 }, 'maxBodyBytes must be a whole number of at least 1, got 0'],
  ['maxResponseBytes a bigint', { maxResponseBytes: 10n }, 'maxResponseBytes must be a whole number of at least 1, got bigint'],
  ['subscriptionKeepAliveMs 0', { subscriptionKeepAliveMs: 0 }, 'subscriptionKeepAliveMs must be a whole number of at least 1, got 0'],
  [
    'subscriptionUrl a string',
    { subscriptionUrl: 'http://127.0.0.1:9/v1/graphql/stream' },
    "subscriptionUrl must be a function of a region's GraphQL URL, answering its event stream's URL",
  ],
  [
    'authorizeOperation not a function',
    { operations: { a: 'query A { pentests_count }' }, authorizeOperation: 'admins only' },
    'authorizeOperation must be a function of the request and the operation, answering true or false',
  ],
];

function thrownBy(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  return null;
}

describe('server handler options checked at start-up', () => {
  describe.each([
    ['createTokenHandler', createTokenHandler, SHARED_REFUSALS],
    ['createGraphQLProxy', createGraphQLProxy, [...SHARED_REFUSALS, ...PROXY_REFUSALS]],
  ] as const)('%s', (_name, make, refusals) => {
    it.each(refusals)('%s: AuthConfigError with the option and what it takes', (_what, options, message) => {
      const error = thrownBy(() => make({ ...base(UNUSED), ...options }));
      expect(error).toBeInstanceOf(AuthConfigError);
      expect((error as AuthConfigError).message).toBe(message);
    });
  });

  it('the edges of each range are accepted, and the handlers built with them answer', async () => {
    const running = await startService();
    const edges = {
      maxJsonDepth: 2,
      forcedRenewalIntervalMs: 1,
      recovery: { initialDelayMs: 1, maxDelayMs: 1 },
      logger: { warn: () => undefined, error: () => undefined },
      trustForwardedHeaders: false,
      allowedOrigins: [],
      waitUntil: () => undefined,
    };
    const tokenUrl = await serveHandler(createTokenHandler({ ...base(running.baseUrl), ...edges }));
    const proxyUrl = await serveHandler(
      createGraphQLProxy({ ...base(running.baseUrl), ...edges, maxBodyBytes: 64, upstreamTimeoutMs: 10_000, maxResponseBytes: 4_096 }),
    );
    expect((await post(tokenUrl, {})).status).toBe(200);
    expect((await post(proxyUrl, { query: '{ pentests_count }' })).status).toBe(200);
    // The edge itself holds: depth 2 passes, 3 is refused; 64 bytes pass, 65 are refused.
    expect((await post(proxyUrl, { query: '{ pentests_count }', variables: {} })).status).toBe(200);
    expect((await post(proxyUrl, { query: '{ pentests_count }', variables: { a: {} } })).status).toBe(400);
    const padded = (bytes: number) => ({ query: `{ pentests_count }${' '.repeat(bytes - JSON.stringify({ query: '{ pentests_count }' }).length)}` });
    expect(JSON.stringify(padded(64))).toHaveLength(64);
    expect((await post(proxyUrl, padded(64))).status).toBe(200);
    expect((await post(proxyUrl, padded(65))).status).toBe(413);
    expect(running.service.authCalls).toHaveLength(2);
  });
});

describe('the credentials form checked at start-up: exactly one of apiKey/region and credentials', () => {
  const resolver = () => ({ apiKey: API_KEY, region: 'test' });
  const tenants = (baseUrl: string) => ({ credentials: resolver, regions: { test: baseUrl } });
  const REFUSALS: Array<[string, Record<string, unknown>, string]> = [
    ['credentials with apiKey', { ...tenants(UNUSED), apiKey: API_KEY }, 'Give either apiKey and region, or credentials: not both'],
    ['credentials with region', { ...tenants(UNUSED), region: 'test' }, 'Give either apiKey and region, or credentials: not both'],
    [
      'credentials not a function',
      { ...tenants(UNUSED), credentials: { apiKey: API_KEY, region: 'test' } },
      'credentials must be a function from the request to { apiKey, region } or null',
    ],
    [
      'neither apiKey nor credentials',
      { regions: { test: UNUSED }, authorizeRequest: hasSession },
      'Give apiKey and region (one key), or credentials (a key per tenant)',
    ],
    ['maxSessions 0', { ...tenants(UNUSED), maxSessions: 0 }, 'maxSessions must be a whole number of at least 1, got 0'],
    ['maxSessions 2.5', { ...tenants(UNUSED), maxSessions: 2.5 }, 'maxSessions must be a whole number of at least 1, got 2.5'],
    ['maxSessions with one apiKey', { ...base(UNUSED), maxSessions: 10 }, 'maxSessions applies to credentials, not to one apiKey'],
    [
      'authorizeRequest not a function beside credentials',
      { ...tenants(UNUSED), authorizeRequest: true },
      'authorizeRequest must be a function of the request, or left out (credentials decides)',
    ],
    [
      'tenantLabel not a function',
      { ...tenants(UNUSED), tenantLabel: 'tenant' },
      'tenantLabel must be a function from the request to a label you bound, such as its tenant id',
    ],
  ];

  describe.each([
    ['createTokenHandler', createTokenHandler],
    ['createGraphQLProxy', createGraphQLProxy],
  ] as const)('%s', (_name, make) => {
    it.each(REFUSALS)('%s: AuthConfigError with the option and what it takes', (_what, options, message) => {
      const error = thrownBy(() => make(options as unknown as GraphQLProxyOptions));
      expect(error).toBeInstanceOf(AuthConfigError);
      expect((error as AuthConfigError).message).toBe(message);
    });
  });

  it('authorizeRequest beside credentials is accepted and decides first: its refusal is 401 with no resolver call, its consent reaches the tenant', async () => {
    const running = await startService();
    const resolved: string[] = [];
    const options = {
      ...tenants(running.baseUrl),
      credentials: (request: Request) => {
        resolved.push(request.method);
        return resolver();
      },
      authorizeRequest: hasSession,
    };
    const tokenUrl = await serveHandler(createTokenHandler(options));
    const proxyUrl = await serveHandler(createGraphQLProxy(options));
    expect((await post(tokenUrl, {}, { cookie: 'session=forged' })).status).toBe(401);
    expect((await post(proxyUrl, { query: '{ pentests_count }' }, { cookie: 'session=forged' })).status).toBe(401);
    expect(resolved).toEqual([]);
    expect((await post(tokenUrl, {})).status).toBe(200);
    expect((await post(proxyUrl, { query: '{ pentests_count }' })).status).toBe(200);
    expect(resolved).toEqual(['POST', 'POST']);
  });

  it('maxSessions 1 is accepted, and the handlers built with it answer', async () => {
    const running = await startService();
    const tokenUrl = await serveHandler(createTokenHandler({ ...tenants(running.baseUrl), maxSessions: 1 }));
    const proxyUrl = await serveHandler(createGraphQLProxy({ ...tenants(running.baseUrl), maxSessions: 1 }));
    expect((await post(tokenUrl, {})).status).toBe(200);
    expect((await post(proxyUrl, { query: '{ pentests_count }' })).status).toBe(200);
  });
});
