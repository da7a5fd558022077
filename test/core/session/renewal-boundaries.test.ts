import { describe, expect, it } from 'vitest';
import { AuthServerError, InvalidApiKeyError } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, type Running, sleep, startService, waitUntil } from '../../support/fixtures.js';

const MARGIN_MS = 60_000;

/** A client on a clock the test sets (the service keeps the real one), holding its first token. */
async function clientOnClock(running: Running) {
  let clock = Date.now();
  const client = clientFor(running, { now: () => clock, refreshMarginMs: MARGIN_MS });
  const first = await client.getToken();
  const expiresAt = client.store.getState().expiresAt!;
  return { client, first, expiresAt, setClock: (ms: number) => (clock = ms) };
}

/** The instants where renewal starts, backs off and gives up, each met exactly. */
describe('renewal at its boundaries', () => {
  it('at exactly expiry − margin the token is due: the request renews first and carries the new token', async () => {
    const running = await startService();
    const { client, expiresAt, setClock } = await clientOnClock(running);
    setClock(expiresAt - MARGIN_MS);

    await client.request(PentestsDocument);

    expect(running.service.authCalls).toHaveLength(2);
    expect(bearerTokens(running.service)).toEqual([running.service.issuedTokens[1]]);
  });

  it('a failed renewal of a due token is tried again by the timer after the 1 s backoff, and not again once the backoff reaches expiry', async () => {
    const running = await startService();
    const { client, first, expiresAt, setClock } = await clientOnClock(running);
    setClock(expiresAt - 2_000); // due, 2 s left
    running.service.queueAuthFailures(503, 503);

    await client.request(PentestsDocument); // served with the valid token; the renewal failed
    expect(bearerTokens(running.service)).toEqual([first]);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503]);

    // The clock stands still: the timer's 1 s backoff is real time.
    await waitUntil(() => running.service.authCalls.length === 3);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503, 503]);
    // The next backoff (2 s) ends exactly at expiry: renewal is left to the next request.
    await sleep(2_500);
    expect(running.service.authCalls).toHaveLength(3);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: first });
  });

  it('within the backoff after a failed renewal, a token at its expiry is not sent: the request renews', async () => {
    const running = await startService();
    const { client, first, expiresAt, setClock } = await clientOnClock(running);
    setClock(expiresAt - 500);
    running.service.queueAuthFailures(503);
    await client.request(PentestsDocument); // renewal failed, backoff until expiresAt + 500

    setClock(expiresAt);
    await client.request(PentestsDocument);

    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503, 200]);
    expect(bearerTokens(running.service)).toEqual([first, running.service.issuedTokens[1]]);
  });

  it('at exactly the end of the backoff the next request renews again', async () => {
    const running = await startService();
    const { client, first, expiresAt, setClock } = await clientOnClock(running);
    const failedAt = expiresAt - 30_000;
    setClock(failedAt);
    running.service.queueAuthFailures(503);
    await client.request(PentestsDocument);
    setClock(failedAt + 999);
    await client.request(PentestsDocument);
    expect(running.service.authCalls).toHaveLength(2); // still backing off

    setClock(failedAt + 1_000);
    await client.request(PentestsDocument);

    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503, 200]);
    expect(bearerTokens(running.service)).toEqual([first, first, running.service.issuedTokens[1]]);
  });

  it('an auth failure at the very instant of expiry fails the request and clears the token', async () => {
    const running = await startService();
    const { client, expiresAt, setClock } = await clientOnClock(running);
    setClock(expiresAt);
    running.service.queueAuthFailures(503);

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(AuthServerError);

    expect(client.store.getState()).toMatchObject({ status: 'error', token: null, expiresAt: null });
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('a key refused while renewing a due token fails the request with InvalidApiKeyError, though the old token still works', async () => {
    const running = await startService();
    const { client, expiresAt, setClock } = await clientOnClock(running);
    setClock(expiresAt - 30_000);
    running.service.removeApiKey('test-key');

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(InvalidApiKeyError);

    expect(client.store.getState()).toMatchObject({ status: 'error', token: null });
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('a throttled /v1/auth is asked again at exactly the end of its Retry-After, not a millisecond before', async () => {
    const running = await startService();
    let clock = Date.now();
    const client = clientFor(running, { now: () => clock });
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '7' } });
    await expect(client.getToken()).rejects.toMatchObject({ status: 429 });
    const throttledAt = clock;

    clock = throttledAt + 6_999;
    await expect(client.getToken()).rejects.toMatchObject({ status: 429 });
    expect(running.service.authCalls).toHaveLength(1);
    clock = throttledAt + 7_000;
    await client.getToken();

    expect(running.service.authCalls.map((call) => call.status)).toEqual([429, 200]);
  });

  it('within a backoff, a request joins a renewal already in flight and carries its new token', async () => {
    const running = await startService();
    const { client, first, expiresAt, setClock } = await clientOnClock(running);
    setClock(expiresAt - 30_000); // due, well before expiry
    running.service.queueAuthFailures(503);
    await client.request(PentestsDocument); // the renewal failed: backing off for 1 s, the old token served

    const refreshed = client.refresh(); // in flight during the backoff
    await client.request(PentestsDocument);

    await refreshed;
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503, 200]);
    expect(bearerTokens(running.service)).toEqual([first, running.service.issuedTokens[1]]);
  });
});
