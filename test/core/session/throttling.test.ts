import { describe, expect, it } from 'vitest';
import { AuthServerError, MAX_RETRY_AFTER_MS } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, startService } from '../../support/fixtures.js';

/** An API gateway throttling `/v1/auth`: 429 Too Many Requests, often with `Retry-After`. */
describe('a throttled /v1/auth', () => {
  it('Retry-After in seconds: AuthServerError (status 429) carries retryAfterMs', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '7' } });

    const error: unknown = await clientFor(running)
      .getToken()
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthServerError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7_000 });
  });

  it("Retry-After as an HTTP-date: read against the answer's Date header, not the client clock", async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': new Date(Date.now() + 30_000).toUTCString() } });
    // A client clock a day behind would make the wait a day longer if read against it.
    const client = clientFor(running, { now: () => Date.now() - 24 * 60 * 60_000 });

    const error = (await client.getToken().catch((e: unknown) => e)) as AuthServerError;

    expect(error.retryAfterMs).toBeGreaterThanOrEqual(28_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(31_000);
  });

  it("an HTTP-date is read against the answer's Date: a server clock an hour behind still gets its 30 s", async () => {
    const running = await startService();
    const serverNow = Date.now() - 60 * 60_000;
    const headers = { date: new Date(serverNow).toUTCString(), 'retry-after': new Date(serverNow + 30_000).toUTCString() };
    running.service.queueAuthFailures({ status: 429, headers });

    await expect(clientFor(running).getToken()).rejects.toMatchObject({ status: 429, retryAfterMs: 30_000 });
  });

  it.each([
    ['7', 7_000],
    ['0', 0],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 0], // an RFC 850 date long past: no wait
    ['1.5', undefined], // no fractions in delay-seconds, and not a date (Date.parse would say 2001)
    ['abc 5', undefined],
    ['120 seconds', undefined],
    ['-5', undefined],
    ['Sun Nov 16 08:49:37 1994', 0], // an asctime date long past: no wait
    // Date.parse reads past text around a date; the header must be a date and nothing else.
    ['x Sun, 06 Nov 1994 08:49:37 GMT', undefined],
    ['Sun, 06 Nov 1994 08:49:37 GMT 5', undefined],
    ['x Sunday, 06-Nov-94 08:49:37 GMT', undefined],
    ['Sunday, 06-Nov-94 08:49:37 GMT 5', undefined],
    ['x Sun Nov 16 08:49:37 1994', undefined],
    ['Sun Nov 16 08:49:37 1994 5', undefined],
  ])('Retry-After %j: retryAfterMs %j', async (value, expected) => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 503, headers: { 'retry-after': value } });

    const error = (await clientFor(running)
      .getToken()
      .catch((e: unknown) => e)) as AuthServerError;

    expect(error).toBeInstanceOf(AuthServerError);
    expect(error.retryAfterMs).toBe(expected);
  });

  it('408 Request Timeout says "try later" like 429: AuthServerError (status 408) carrying its Retry-After', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 408, headers: { 'retry-after': '3' } });

    const error: unknown = await clientFor(running)
      .getToken()
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthServerError);
    expect(error).toMatchObject({ status: 408, retryAfterMs: 3_000 });
  });

  it('without Retry-After, or an unreadable one, retryAfterMs is undefined', async () => {
    const running = await startService();
    running.service.queueAuthFailures(429, { status: 503, headers: { 'retry-after': 'soon' } });
    let clock = Date.now();
    const client = clientFor(running, { now: () => clock });

    await expect(client.getToken()).rejects.toMatchObject({ status: 429, retryAfterMs: undefined });
    clock += 1_000; // past the client's own backoff, which the next exchange waits out
    await expect(client.getToken()).rejects.toMatchObject({ status: 503, retryAfterMs: undefined });
  });
});

describe('the client honours Retry-After', () => {
  it('a throttled background renewal is not tried again before Retry-After, while the valid token is served', async () => {
    let elapsedMs = 0;
    const now = () => Date.now() + elapsedMs;
    const running = await startService({ now });
    const client = clientFor(running, { now });
    const token = await client.getToken();
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '120' } });

    elapsedMs = 59 * 60_000; // inside the renewal margin: the request renews first, and is throttled
    await client.request(PentestsDocument);
    elapsedMs += 30_000; // past the backoff's own first step, not past Retry-After; the token is still valid
    await client.request(PentestsDocument);

    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 429]);
    expect(bearerTokens(running.service)).toEqual([token, token]);
  });

  it('without a valid token, requests within Retry-After fail with its AuthServerError and call nothing', async () => {
    let elapsedMs = 0;
    const now = () => Date.now() + elapsedMs;
    const running = await startService({ now });
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '30' } });
    const client = clientFor(running, { now });

    await expect(client.request(PentestsDocument)).rejects.toMatchObject({ name: 'AuthServerError', status: 429 });
    elapsedMs = 29_000;
    await expect(client.request(PentestsDocument)).rejects.toMatchObject({ name: 'AuthServerError', status: 429 });
    await expect(client.refresh()).rejects.toMatchObject({ name: 'AuthServerError', status: 429 });
    expect(running.service.authCalls).toHaveLength(1);

    elapsedMs = 31_000;
    await client.request(PentestsDocument);
    expect(running.service.authCalls.map((call) => call.status)).toEqual([429, 200]);
  });

  it(`a Retry-After beyond the cap holds /v1/auth for the cap (MAX_RETRY_AFTER_MS), not longer`, async () => {
    let elapsedMs = 0;
    const now = () => Date.now() + elapsedMs;
    const running = await startService({ now });
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '86400' } });
    const client = clientFor(running, { now });

    await expect(client.getToken()).rejects.toMatchObject({ status: 429, retryAfterMs: 86_400_000 });
    elapsedMs = MAX_RETRY_AFTER_MS - 1_000;
    await expect(client.getToken()).rejects.toMatchObject({ status: 429 });
    elapsedMs = MAX_RETRY_AFTER_MS + 1_000;
    await client.getToken();
    expect(running.service.authCalls.map((call) => call.status)).toEqual([429, 200]);
  });
});
