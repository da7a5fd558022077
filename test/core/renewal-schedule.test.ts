import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../support/documents.js';
import { bearerTokens, clientFor, sleep, startService } from '../support/fixtures.js';

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
});
