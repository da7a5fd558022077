import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { craftJwt } from '../../support/crafted-jwt.js';
import { clientFor, startService } from '../../support/fixtures.js';

const HOUR = 3_600_000;

describe('clock skew', () => {
  it.each([
    ['3 hours behind', -3 * HOUR],
    ['3 hours ahead', 3 * HOUR],
  ])('with a client clock %s, the token is renewed before the service calls it expired, never answered expired', async (_label, skewMs) => {
    let elapsedMs = 0;
    const serviceNow = () => Date.now() + elapsedMs;
    const running = await startService({ now: serviceNow });
    const client = clientFor(running, { now: () => serviceNow() + skewMs, refreshMarginMs: 60_000 });
    const asked = serviceNow() + skewMs;
    const first = await client.getToken();
    const answered = serviceNow() + skewMs;

    // A token's expiry by our clock is an hour from when we asked, whatever our clock says: between the
    // ask and the answer (however long a loaded machine takes), give or take iat's whole second.
    const { expiresAt } = client.store.getState();
    expect(expiresAt).toBeGreaterThanOrEqual(asked + HOUR - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(answered + HOUR + 1_000);

    elapsedMs = 20 * 60_000; // still valid: no renewal
    await client.request(PentestsDocument);
    elapsedMs = HOUR - 30_000; // inside the margin by the service's clock: renewed before the send
    await client.request(PentestsDocument);
    elapsedMs = HOUR + 60_000; // the first token is dead by the service's clock
    await client.request(PentestsDocument);

    const { service } = running;
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls.map((call) => call.token === first)).toEqual([true, false, false]);
    expect(service.graphqlCalls.filter((call) => call.expired)).toHaveLength(0);
  });
});

describe('a token /v1/auth hands out again (a caching gateway)', () => {
  // Whole seconds, frozen between steps: iat carries no rounding and every expiry is exact.
  const T0 = 1_800_000_000_000;

  it.each([
    ['in step with the issuer', 0],
    ['3 hours behind the issuer', -3 * HOUR],
  ])('client clock %s: a token issued 54.5 min before we asked expires when it really does', async (_, skewMs) => {
    let clock = T0;
    const running = await startService({ now: () => clock });
    const client = clientFor(running, { now: () => clock + skewMs });
    await client.getToken(); // fresh: teaches the client the issuer's clock
    clock = T0 + 5 * 60_000;
    const cached = await clientFor(running, { now: () => clock + skewMs }).getToken(); // handed out again below
    running.service.reuseTokens = true;

    clock = T0 + 59.5 * 60_000; // the first token is due: the renewal gets the cached one
    await client.request(PentestsDocument);
    expect(client.store.getState().token).toBe(cached);
    // Issued at T0 + 5 min for an hour, by our clock; less iat's rounding (1 s), as for any token.
    expect(client.store.getState().expiresAt).toBe(T0 + 65 * 60_000 + skewMs - 1_000);

    running.service.reuseTokens = false;
    clock = T0 + 65 * 60_000;
    await client.request(PentestsDocument);
    expect(running.service.graphqlCalls.filter((call) => call.expired)).toHaveLength(0);
    expect(running.service.authCalls).toHaveLength(4);
  });

  it("a token without iat in between does not make the client forget the issuer's clock", async () => {
    let clock = T0;
    const running = await startService({ now: () => clock });
    const client = clientFor(running, { now: () => clock });
    await client.getToken(); // fresh: teaches the client the issuer's clock
    clock = T0 + 5 * 60_000;
    const cached = await clientFor(running, { now: () => clock }).getToken(); // handed out again below
    clock = T0 + 10 * 60_000;
    const withoutIat = craftJwt({ sub: 'no-iat', exp: (T0 + 70 * 60_000) / 1000 });
    running.service.queueAuthFailures({ status: 200, body: JSON.stringify({ token: withoutIat }) });
    await client.refresh();
    expect(client.store.getState().token).toBe(withoutIat);

    running.service.reuseTokens = true;
    clock = T0 + 15 * 60_000;
    await client.refresh();

    expect(client.store.getState().token).toBe(cached);
    // Issued at T0 + 5 min for an hour; less iat's rounding (1 s), as for any token.
    expect(client.store.getState().expiresAt).toBe(T0 + 65 * 60_000 - 1_000);
  });

  it('a token whose iat is 5 s older than our request (the tolerance for a slow answer) is read as freshly issued', async () => {
    let clock = T0;
    const running = await startService({ now: () => clock });
    const client = clientFor(running, { now: () => clock });
    await client.getToken(); // fresh: teaches the client the issuer's clock
    clock = T0 + 60_000;
    const older = await clientFor(running, { now: () => clock }).getToken();
    running.service.reuseTokens = true;

    clock = T0 + 65_000;
    await client.refresh();

    expect(client.store.getState().token).toBe(older);
    // Within the tolerance the token's life runs from our request (less iat's rounding), not cut by 5 s.
    expect(client.store.getState().expiresAt).toBe(T0 + 65_000 + HOUR - 1_000);
  });

  it("fresh tokens keep their own reading: iat's rounding on one never shortens the next", async () => {
    let clock = T0;
    const running = await startService({ now: () => clock });
    const client = clientFor(running, { now: () => clock });
    await client.getToken();
    clock = T0 + 10 * 60_000 + 999; // this iat is rounded down by 999 ms, the first one not at all

    await client.refresh();

    expect(client.store.getState().expiresAt).toBe(clock + HOUR - 1_000);
  });

  it('a client clock set forward by nearly an hour between tokens: the new token is not taken as expired', async () => {
    let clock = T0;
    let forwardMs = 0;
    const running = await startService({ now: () => clock });
    const client = clientFor(running, { now: () => clock + forwardMs });
    await client.getToken();
    clock = T0 + 10 * 60_000;
    forwardMs = HOUR - 1_000; // what the first token taught would put the new one's end at this very moment

    await client.refresh();

    expect(client.store.getState().expiresAt).toBe(clock + forwardMs + HOUR - 1_000);
  });
});
