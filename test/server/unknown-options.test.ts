// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createGraphQLProxy, createTokenHandler } from '../../src/server/index.js';
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
});
