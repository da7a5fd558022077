import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../support/documents.js';
import { clientFor, startService } from '../support/fixtures.js';

const HOUR = 3_600_000;

describe('clock skew', () => {
  it.each([
    ['3 hours behind', -3 * HOUR],
    ['3 hours ahead', 3 * HOUR],
  ])(
    'with a client clock %s, the token is renewed before the service calls it expired, never answered expired',
    async (_label, skewMs) => {
      let elapsedMs = 0;
      const serviceNow = () => Date.now() + elapsedMs;
      const running = await startService({ now: serviceNow });
      const client = clientFor(running, { now: () => serviceNow() + skewMs, refreshMarginMs: 60_000 });
      const first = await client.getToken();

      // A token's expiry by our clock is an hour from when we asked, whatever our clock says.
      const { expiresAt } = client.store.getState();
      expect(Math.abs(expiresAt! - (serviceNow() + skewMs + HOUR))).toBeLessThan(2_000);

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
    },
  );
});

describe('a token /v1/auth hands out again (a caching gateway)', () => {
  it('issued 54.5 min before we asked: it expires when it really does, renewed before any expired answer', async () => {
    let elapsedMs = 0;
    const now = () => Date.now() + elapsedMs;
    const running = await startService({ now });
    const client = clientFor(running, { now });
    await client.getToken(); // fresh: teaches the client the issuer's clock
    elapsedMs = 5 * 60_000;
    const cached = await clientFor(running, { now }).getToken(); // fresh at +5 min, then handed out again
    running.service.reuseTokens = true;

    elapsedMs = 59.5 * 60_000; // the first token is due: the renewal gets the cached one
    await client.request(PentestsDocument);
    expect(client.store.getState().token).toBe(cached);
    // It dies 65 min after the start by every clock here, not an hour after this renewal asked.
    expect(Math.abs(client.store.getState().expiresAt! - (now() - elapsedMs + 65 * 60_000))).toBeLessThan(2_000);

    running.service.reuseTokens = false;
    elapsedMs = 65 * 60_000 + 1_000;
    await client.request(PentestsDocument);
    expect(running.service.graphqlCalls.filter((call) => call.expired)).toHaveLength(0);
    expect(running.service.authCalls).toHaveLength(4);
  });
});
