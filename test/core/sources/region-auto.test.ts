import { describe, expect, it } from 'vitest';
import { AuthServerError, createAuthClient, InvalidApiKeyError } from '../../../src/index.js';
import { AccountDocument } from '../../support/documents.js';
import { API_KEY, startService } from '../../support/fixtures.js';
import { autoRegion } from '../../../src/index.js';

async function twoRegions(usKeys: string[], euKeys: string[]) {
  const us = await startService({ regions: ['us'], apiKeys: usKeys });
  const eu = await startService({ regions: ['eu'], apiKeys: euKeys });
  const regions = { us: us.baseUrl, eu: eu.baseUrl };
  const clock = { now: Date.now() };
  const client = createAuthClient({ apiKey: API_KEY, region: autoRegion(), regions, now: () => clock.now });
  return { us: us.service, eu: eu.service, client, regions, clock };
}

describe('region "auto"', () => {
  it('tries the regions in order and keeps the first that accepts the key; tokens go only there', async () => {
    const { us, eu, client } = await twoRegions(['another-key'], [API_KEY]);

    const first = await client.request(AccountDocument);
    eu.expireTokensNow();
    await client.request(AccountDocument);

    expect(first.session_user_account.name).toBe('Dana Demo (eu)');
    expect(us.authCalls.map((call) => call.status)).toEqual([401]); // asked once, never again
    expect(eu.authCalls.map((call) => call.status)).toEqual([200, 200]);
    expect(us.graphqlCalls).toHaveLength(0);
    expect(eu.graphqlCalls).toHaveLength(3); // one, then expired + retried
    expect(client.store.getState().region).toBe('eu');
    client.dispose();
  });

  it('a new client for the same key asks the remembered region first', async () => {
    const { us, eu, client, regions } = await twoRegions(['another-key'], [API_KEY]);
    await client.getToken();
    client.dispose();

    const again = createAuthClient({ apiKey: API_KEY, region: autoRegion(), regions });
    await again.getToken();

    expect(us.authCalls).toHaveLength(1);
    expect(eu.authCalls).toHaveLength(2);
    again.dispose();
  });

  it('a key no region accepts fails with InvalidApiKeyError after one call per region', async () => {
    const { us, eu, client } = await twoRegions(['a'], ['b']);

    await expect(client.getToken()).rejects.toBeInstanceOf(InvalidApiKeyError);
    await expect(client.getToken()).rejects.toBeInstanceOf(InvalidApiKeyError);
    expect([us.authCalls.length, eu.authCalls.length]).toEqual([1, 1]);
    client.dispose();
  });

  it('a region that is down is reported as such, not as an invalid key, and is asked again later', async () => {
    const { us, eu, client, clock } = await twoRegions([API_KEY], ['b']);
    us.queueAuthFailures(503);

    await expect(client.getToken()).rejects.toBeInstanceOf(AuthServerError);
    clock.now += 1_000; // after the first step of the outage backoff
    const token = await client.getToken();
    expect(token).toBe(us.issuedTokens[0]);
    expect(us.authCalls.map((call) => call.status)).toEqual([503, 200]);
    expect(eu.authCalls.map((call) => call.status)).toEqual([401]);
    client.dispose();
  });

  it('the first region refusing the key and the next one down is reported as down, not as an invalid key', async () => {
    const { us, eu, client } = await twoRegions(['b'], [API_KEY]);
    eu.queueAuthFailures(503);

    await expect(client.getToken()).rejects.toBeInstanceOf(AuthServerError);
    expect(client.store.getState().error).toBeInstanceOf(AuthServerError);
    expect(us.authCalls.map((call) => call.status)).toEqual([401]);
    expect(eu.authCalls.map((call) => call.status)).toEqual([503]);
    client.dispose();
  });

  it('another client of the same key, made after discovery, asks only the region that accepted it', async () => {
    const { us, eu, client, regions } = await twoRegions(['b'], [API_KEY]);
    await client.getToken();
    const again = createAuthClient({ apiKey: API_KEY, region: autoRegion(), regions });
    eu.queueAuthFailures(503);

    await expect(again.getToken()).rejects.toBeInstanceOf(AuthServerError);
    expect(us.authCalls.map((call) => call.status)).toEqual([401]);
    expect(eu.authCalls.map((call) => call.status)).toEqual([200, 503]);
    client.dispose();
    again.dispose();
  });

  it('a map with its own region named "auto" uses it as is', async () => {
    const auto = await startService({ regions: ['auto'] });
    const client = createAuthClient({ apiKey: API_KEY, region: 'auto', regions: { auto: auto.baseUrl, us: 'http://127.0.0.1:9' } });

    await client.getToken();
    expect(auto.service.authCalls).toHaveLength(1);
    client.dispose();
  });
});
