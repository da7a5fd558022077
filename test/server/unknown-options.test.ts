// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache } from '../../src/server/index.js';
import { API_KEY } from '../support/fixtures.js';

function warningsOf(act: () => void): string[] {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    act();
    return warn.mock.calls.map((call) => String(call[0]));
  } finally {
    warn.mockRestore();
  }
}

describe('a server handler reports an option name it does not know, in development', () => {
  it('createTokenHandler and createGraphQLProxy each name the unknown option and the one meant; the proxy knows its own options', () => {
    // As JavaScript passes them: no excess-property check.
    const base = { apiKey: API_KEY, region: 'test', regions: { test: 'http://127.0.0.1:1' }, authorizeRequest: () => true };
    const tokenOptions = { ...base, allowedOrigin: ['https://app.example.com'] };
    const proxyOptions = { ...base, maxBodyBytes: 1024, maxResponseBytes: 4096, upstreamTimeout: 5000 };
    const lines = warningsOf(() => {
      createTokenHandler(tokenOptions).dispose();
      createGraphQLProxy(proxyOptions).dispose();
    });
    expect(lines).toEqual([
      'graphql-jwt-auth-react: createTokenHandler ignores the option "allowedOrigin", which it does not know. Did you mean "allowedOrigins"?',
      'graphql-jwt-auth-react: createGraphQLProxy ignores the option "upstreamTimeout", which it does not know. Did you mean "upstreamTimeoutMs"?',
    ]);
  });

  it('every option the handlers document is known: given all of them at once, with a fixed key or per tenant, neither handler warns', () => {
    const common = {
      regions: { test: 'http://127.0.0.1:1' },
      fetch: globalThis.fetch,
      authorizeRequest: () => true,
      allowedOrigins: ['https://app.example.com'],
      refreshMarginMs: 30_000,
      authTimeoutMs: 5_000,
      now: Date.now,
      tokenCache: memoryTokenCache(),
      waitUntil: () => undefined,
      maxJsonDepth: 16,
      maxJsonValues: 1_000,
      trustForwardedHeaders: false,
      forcedRenewalIntervalMs: 1_000,
      upstreamTimeoutMs: 5_000,
      recovery: { initialDelayMs: 1_000, maxDelayMs: 60_000 },
      logger: console,
      onEvent: () => undefined,
    };
    const fixed = { ...common, apiKey: API_KEY, region: 'test' };
    const perTenant = { ...common, credentials: () => ({ apiKey: API_KEY, region: 'test' }), maxSessions: 10, tenantLabel: () => 'tenant' };
    const proxyOwn = {
      maxBodyBytes: 1024,
      maxResponseBytes: 4096,
      subscriptionUrl: (graphqlUrl: string) => `${graphqlUrl}/stream`,
      subscriptionBufferBytes: 2048,
      subscriptionKeepAliveMs: 10_000,
    };
    const lines = warningsOf(() => {
      createTokenHandler(fixed).dispose();
      createTokenHandler(perTenant).dispose();
      createGraphQLProxy({ ...fixed, ...proxyOwn }).dispose();
      createGraphQLProxy({ ...perTenant, ...proxyOwn }).dispose();
    });
    expect(lines).toEqual([]);
  });
});
