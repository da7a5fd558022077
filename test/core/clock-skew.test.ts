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
