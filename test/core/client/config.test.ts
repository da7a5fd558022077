import { describe, expect, it } from 'vitest';
import { AuthConfigError, type AuthClientOptions, autoRegion, createAuthClient, DEFAULT_REGIONS, resolveRegion, tokenEndpoint } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { API_KEY, startService } from '../../support/fixtures.js';

describe('configuration', () => {
  it('defaults to the public deployments, expanding a base address to /v1/auth and /v1/graphql', () => {
    expect(resolveRegion('us')).toEqual({
      authUrl: 'https://api.gateway.horizon3ai.com/v1/auth',
      graphqlUrl: 'https://api.gateway.horizon3ai.com/v1/graphql',
    });
    expect(resolveRegion('eu')).toEqual({
      authUrl: 'https://api.gateway.horizon3ai.eu/v1/auth',
      graphqlUrl: 'https://api.gateway.horizon3ai.eu/v1/graphql',
    });
    expect(Object.keys(DEFAULT_REGIONS)).toEqual(['us', 'eu']);
  });

  it('accepts explicit endpoints and strips trailing slashes from a base', () => {
    const regions = { a: 'http://127.0.0.1:9/base/', b: { authUrl: 'http://x/token', graphqlUrl: 'http://x/gql' } };
    expect(resolveRegion('a', regions)).toEqual({
      authUrl: 'http://127.0.0.1:9/base/v1/auth',
      graphqlUrl: 'http://127.0.0.1:9/base/v1/graphql',
    });
    expect(resolveRegion('b', regions)).toEqual({ authUrl: 'http://x/token', graphqlUrl: 'http://x/gql' });
  });

  it.each([
    ['a blank base address', { x: '   ' }, 'Unknown region "x"; configured regions: x', 'GJA_UNKNOWN_REGION'],
    ['a null entry', { x: null as never }, 'Unknown region "x"; configured regions: x', 'GJA_UNKNOWN_REGION'],
    [
      'endpoints without graphqlUrl',
      { x: { authUrl: 'http://x/token' } as never },
      'Region "x" needs both authUrl and graphqlUrl as non-empty strings',
      'GJA_REGION_URLS',
    ],
    [
      'endpoints with a blank authUrl',
      { x: { authUrl: ' ', graphqlUrl: 'http://x/gql' } },
      'Region "x" needs both authUrl and graphqlUrl as non-empty strings',
      'GJA_REGION_URLS',
    ],
  ])('a region whose entry is %s: an AuthConfigError saying what is wrong with it', (_label, regions, message, code) => {
    expect(() => resolveRegion('x', regions)).toThrow(new AuthConfigError(message, code));
  });

  it.each([
    [{ a: 'http://127.0.0.1:9', b: 'http://127.0.0.1:9' }, 'Unknown region "mars"; configured regions: a, b'],
    [{}, 'Unknown region "mars"; configured regions: (none)'],
  ])('an unknown region names the configured ones: %j', (regions, message) => {
    expect(() => resolveRegion('mars', regions)).toThrow(new AuthConfigError(message, 'GJA_UNKNOWN_REGION'));
  });

  it.each([
    ['an empty API key', { apiKey: '', region: 'test' }, /apiKey/],
    ['an unknown region', { apiKey: API_KEY, region: 'mars' }, /Unknown region "mars"/],
    ['a prototype key as region', { apiKey: API_KEY, region: 'toString' }, /Unknown region/],
    ['a negative margin', { apiKey: API_KEY, region: 'test', refreshMarginMs: -1 }, /refreshMarginMs/],
    ['a NaN margin', { apiKey: API_KEY, region: 'test', refreshMarginMs: Number.NaN }, /refreshMarginMs/],
    // setTimeout fires at once for a delay above 2^31 − 1 ms: every /v1/auth call would time out at once.
    ['an auth timeout above 2^31 − 1 ms', { apiKey: API_KEY, region: 'test', authTimeoutMs: 2 ** 31 }, /authTimeoutMs/],
    // Opt-in features come from their factories, which carry their code; the 0.1 shapes say what to import.
    ['region "auto" without autoRegion()', { apiKey: API_KEY, region: 'auto' }, /region "auto" takes autoRegion\(\)/],
    [
      'a region that is neither a name nor autoRegion()',
      { apiKey: API_KEY, region: { kind: 'mars' } as never },
      /region takes a region name or autoRegion\(\)/,
    ],
    ['a bare token endpoint URL', { tokenEndpoint: '/api/token' as never }, /tokenEndpoint takes tokenEndpoint\(url\)/],
    ['a bare GraphQL proxy URL', { graphqlProxy: '/api/graphql' as never }, /graphqlProxy takes graphqlProxy\(url\)/],
    ['an empty token endpoint URL', { tokenEndpoint: tokenEndpoint('') }, /tokenEndpoint must be a non-empty string/],
    [
      'a region named ""',
      { apiKey: API_KEY, region: 'test', regions: { test: 'http://127.0.0.1:9', '': 'http://127.0.0.1:9' } },
      /region names must be non-empty/,
    ],
    ['a regions map that is null', { apiKey: API_KEY, region: 'test', regions: null as never }, /regions must be an object/],
    // React Native's AppState itself instead of appStateWake(AppState): said at once, not a TypeError when the client starts.
    [
      'AppState itself as renewOnWake',
      { apiKey: API_KEY, region: 'test', renewOnWake: { currentState: 'active' } as never },
      /renewOnWake takes true, false or a wake watcher such as appStateWake\(AppState\)/,
    ],
  ])('%s: a typed AuthConfigError, state "error", and no request sent', async (_label, options, message) => {
    const running = await startService();
    const client = createAuthClient({ regions: { test: running.baseUrl }, ...options });

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(AuthConfigError);
    await expect(client.getToken()).rejects.toThrow(message);
    await expect(client.refresh()).rejects.toBeInstanceOf(AuthConfigError);
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null });
    expect(client.store.getState().error).toBeInstanceOf(AuthConfigError);
    expect(running.service.authCalls).toHaveLength(0);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it.each([
    ['no mode option', { region: 'test' }, 'Give exactly one of apiKey, tokenEndpoint or graphqlProxy (got none: false, null and undefined are off)'],
    [
      'two mode options',
      // As JavaScript passes it: the option types refuse two modes.
      { apiKey: API_KEY, tokenEndpoint: tokenEndpoint('/api/token'), region: 'test' } as unknown as AuthClientOptions,
      'Give exactly one of apiKey, tokenEndpoint or graphqlProxy (got apiKey, tokenEndpoint)',
    ],
    // null is off, as for every opt-in: then no mode is given.
    [
      'an API key that is null',
      { apiKey: null, region: 'test' },
      'Give exactly one of apiKey, tokenEndpoint or graphqlProxy (got none: false, null and undefined are off)',
    ],
    ['a blank API key', { apiKey: '   ', region: 'test' }, 'apiKey must be a non-empty string'],
    [
      'a token endpoint that is null',
      { tokenEndpoint: null },
      'Give exactly one of apiKey, tokenEndpoint or graphqlProxy (got none: false, null and undefined are off)',
    ],
    ['an API key without a region', { apiKey: API_KEY }, 'region must be a string or autoRegion()'],
    ['autoRegion() with no configured region', { apiKey: API_KEY, region: autoRegion(), regions: {} }, 'autoRegion() needs at least one configured region'],
    ['a negative margin', { apiKey: API_KEY, region: 'test', refreshMarginMs: -1 }, 'refreshMarginMs must be a finite number ≥ 0, got -1'],
    [
      'an auth timeout above 2^31 − 1 ms',
      { apiKey: API_KEY, region: 'test', authTimeoutMs: 2 ** 31 },
      'authTimeoutMs must be a finite number from 0 to 2147483647, got 2147483648',
    ],
  ])('%s: an AuthConfigError saying exactly what to fix, and no request sent', async (_label, options, message) => {
    const running = await startService();
    const client = createAuthClient({ regions: { test: running.baseUrl }, ...options });

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthConfigError);
    expect(error).toHaveProperty('message', message);
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null });
    expect(running.service.authCalls).toHaveLength(0);
  });

  it('a zero refresh margin and a zero auth timeout are valid (the timeout falls back to its default)', async () => {
    const running = await startService();
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, refreshMarginMs: 0, authTimeoutMs: 0 });

    const token = await client.getToken();

    expect(token).toBe(running.service.issuedTokens[0]);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', error: null });
    expect(running.service.authCalls).toHaveLength(1);
    client.dispose();
  });

  it('an opaque (non-JWT) token is assumed to live one hour from receipt', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 200, body: '{"token":"opaque-token"}' });
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, now: () => 1_000 });

    await expect(client.getToken()).resolves.toBe('opaque-token');
    expect(client.store.getState().expiresAt).toBe(1_000 + 60 * 60 * 1000);
    client.dispose();
  });

  it("a JWT's lifetime is exp − iat counted from the request, never later than its exp", async () => {
    const running = await startService({ tokenLifetimeSec: 600 });
    const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl } });

    const before = Date.now();
    const token = await client.getToken();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    const { expiresAt } = client.store.getState();
    // iat is whole seconds, so the estimate may be up to a second (plus the round trip) early.
    expect(expiresAt).toBeLessThanOrEqual(claims.exp * 1000);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 600_000 - 1_000);
    client.dispose();
  });
});
