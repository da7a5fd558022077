import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, startService, waitUntil } from '../../support/fixtures.js';

describe('single flight', () => {
  it('N concurrent operations on a fresh client cause exactly one /v1/auth call', async () => {
    const running = await startService();
    const client = clientFor(running);

    const results = await Promise.all(Array.from({ length: 25 }, () => client.request(PentestsDocument, { page_size: 2 })));

    expect(results).toHaveLength(25);
    expect(results.every((r) => r.pentests_page.pentests.length === 2)).toBe(true);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(25);
    const issued = running.service.issuedTokens[0];
    expect(bearerTokens(running.service).every((token) => token === issued)).toBe(true);
  });

  it('N operations answered "expired" for the same token cause exactly one re-authentication', async () => {
    const running = await startService();
    const client = clientFor(running);
    await client.request(PentestsDocument, { page_size: 1 });
    running.service.expireTokensNow();
    running.service.resetCounters();

    const results = await Promise.all(Array.from({ length: 30 }, () => client.request(PentestsDocument, { page_size: 1 })));

    expect(results.every((r) => r.pentests_page.pentests.length === 1)).toBe(true);
    expect(running.service.authCalls).toHaveLength(1);
    const calls = running.service.graphqlCalls;
    expect(calls).toHaveLength(60);
    expect(calls.filter((call) => call.expired)).toHaveLength(30);
    const fresh = running.service.issuedTokens[0];
    expect(calls.filter((call) => !call.expired).every((call) => call.token === fresh)).toBe(true);
  });

  it('an expired answer for a token already replaced retries with the current token and asks /v1/auth nothing', async () => {
    const running = await startService();
    const { service } = running;
    const client = clientFor(running);
    const first = await client.getToken();

    // A slow operation leaves with the first token and is held at the gateway.
    const release = service.pauseGraphql();
    const late = client.request(PentestsDocument, { page_size: 1 });
    await waitUntil(() => service.graphqlCalls.length === 1);
    // Meanwhile the token is replaced (expired server-side, renewed by another operation).
    service.expireTokensNow();
    const second = await client.refresh();
    expect(second).not.toBe(first);
    release();

    const result = await late;

    expect(result.pentests_page.pentests).toHaveLength(1);
    expect(service.authCalls).toHaveLength(2); // the first token and its one replacement, nothing more
    expect(bearerTokens(service)).toEqual([first, second]);
    expect(service.graphqlCalls.map((call) => call.expired)).toEqual([true, false]);
    expect(client.store.getState().token).toBe(second);
  });
});
