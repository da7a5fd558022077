import { afterEach, describe, expect, it } from 'vitest';
import { type AuthClient, type AuthClientOptions, autoRegion, createAuthClient, graphqlProxy, tokenEndpoint } from '../../../src/index.js';
import { API_KEY } from '../../support/fixtures.js';

const REGIONS = { test: 'https://service.test' };

const made: AuthClient[] = [];
afterEach(() => {
  for (const client of made.splice(0)) client.dispose();
});

function identityOf(options: AuthClientOptions) {
  const client = createAuthClient(options);
  made.push(client);
  return client.identity;
}

/** The identity tags query keys and stored sessions: two configurations that share it would share a user's data. */
describe('client identity', () => {
  it('its region is the region option as given: the name, "auto" for autoRegion(), "" when none was given', () => {
    expect(identityOf({ apiKey: API_KEY, region: 'test', regions: REGIONS }).region).toBe('test');
    expect(identityOf({ apiKey: API_KEY, region: autoRegion(), regions: REGIONS }).region).toBe('auto');
    expect(identityOf({ tokenEndpoint: tokenEndpoint('/api/token'), regions: REGIONS }).region).toBe('');
    expect(identityOf({ graphqlProxy: graphqlProxy('https://app.test/api/graphql') }).region).toBe('');
  });

  it('two token endpoints are two identities, and so are two GraphQL proxies: the URL is part of the tag', () => {
    const endpoints = ['/api/token', '/other/token'].map((url) => identityOf({ tokenEndpoint: tokenEndpoint(url), regions: REGIONS }).id);
    const proxies = ['https://app.test/api/graphql', 'https://other.test/api/graphql'].map((url) => identityOf({ graphqlProxy: graphqlProxy(url) }).id);

    expect(new Set([...endpoints, ...proxies]).size).toBe(4);
  });

  it('the key and each endpoint are tagged apart: moving characters from a URL to the end of the key gives another identity', () => {
    const split = (apiKey: string, authUrl: string, graphqlUrl: string) =>
      identityOf({ apiKey, region: 'test', regions: { test: { authUrl, graphqlUrl } } }).id;

    const ids = [
      split('key', 'https://a.test/auth', 'https://a.test/graphql'),
      split('keyhttps://a.test/', 'auth', 'https://a.test/graphql'),
      split('key', 'https://a.test/authhttps://a.test/', 'graphql'),
    ];

    expect(new Set(ids).size).toBe(3);
  });
});
