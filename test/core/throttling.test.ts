import { describe, expect, it } from 'vitest';
import { AuthServerError } from '../../src/index.js';
import { clientFor, startService } from '../support/fixtures.js';

/** An API gateway throttling `/v1/auth`: 429 Too Many Requests, often with `Retry-After`. */
describe('a throttled /v1/auth', () => {
  it('Retry-After in seconds: AuthServerError (status 429) carries retryAfterMs', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '7' } });

    const error: unknown = await clientFor(running).getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthServerError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 7_000 });
  });

  it('Retry-After as an HTTP-date: read against the answer\'s Date header, not the client clock', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': new Date(Date.now() + 30_000).toUTCString() } });
    // A client clock a day behind would make the wait a day longer if read against it.
    const client = clientFor(running, { now: () => Date.now() - 24 * 60 * 60_000 });

    const error = (await client.getToken().catch((e: unknown) => e)) as AuthServerError;

    expect(error.retryAfterMs).toBeGreaterThanOrEqual(28_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(31_000);
  });

  it('without Retry-After, or an unreadable one, retryAfterMs is undefined', async () => {
    const running = await startService();
    running.service.queueAuthFailures(429, { status: 503, headers: { 'retry-after': 'soon' } });
    const client = clientFor(running);

    await expect(client.getToken()).rejects.toMatchObject({ status: 429, retryAfterMs: undefined });
    await expect(client.getToken()).rejects.toMatchObject({ status: 503, retryAfterMs: undefined });
  });
});
