import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, sleep, startService, waitUntil } from '../../support/fixtures.js';

/** When the background timer renews, and when it leaves renewal to the next request. */
describe('the renewal schedule', () => {
  it('a token living under a second is renewed on demand only: no background /v1/auth call, the next request renews', async () => {
    // `exp − iat` is 2 s; iat's whole-second rounding leaves it under a second by our clock.
    const running = await startService({ tokenLifetimeSec: 2 });
    const client = clientFor(running);
    const first = await client.getToken();
    const { expiresAt, receivedAt } = client.store.getState();
    expect(expiresAt! - receivedAt!).toBeLessThan(1_000);

    await sleep(1_300); // past its expiry: a timer would have renewed at half its life
    expect(running.service.authCalls).toHaveLength(1);

    await client.request(PentestsDocument);
    expect(running.service.authCalls).toHaveLength(2);
    expect(bearerTokens(running.service)).toEqual([running.service.issuedTokens[1]]);
    expect(running.service.issuedTokens[1]).not.toBe(first);
  });

  it('a token living exactly one second by our clock is still renewed by the timer, at half its life', async () => {
    // A frozen clock: asked and received at the same instant, `exp − iat` = 2 s less iat's 1 s rounding.
    const running = await startService({ tokenLifetimeSec: 2 });
    const frozen = Date.now();
    const client = clientFor(running, { now: () => frozen });
    const first = await client.getToken();
    const { expiresAt, receivedAt } = client.store.getState();
    expect(expiresAt! - receivedAt!).toBe(1_000);

    // The timer is due 500 ms (half the life) from now in real time, with no request made.
    await waitUntil(() => client.store.getState().token !== first);
    expect(running.service.authCalls).toHaveLength(2);
    expect(client.store.getState().token).toBe(running.service.issuedTokens[1]);
  });

  it('a backoff that runs past expiry disarms the timer armed for the token: renewal is left to the next request', async () => {
    // Frozen clock, `exp − iat` = 4 s: the token lives 3 s by our clock and its timer is due in 1.5 s.
    const running = await startService({ tokenLifetimeSec: 4 });
    let clock = Date.now();
    const client = clientFor(running, { now: () => clock });
    const first = await client.getToken();
    clock = client.store.getState().expiresAt! - 500; // due, half a second left
    running.service.queueAuthFailures(503);

    await client.request(PentestsDocument); // the renewal fails; the 1 s backoff ends past expiry
    expect(bearerTokens(running.service)).toEqual([first]);

    await sleep(1_800); // past the moment the first timer was due
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503]);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: first });
  });
});
