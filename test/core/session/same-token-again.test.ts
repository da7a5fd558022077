import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, sleep, startService, waitUntil } from '../../support/fixtures.js';

/** A caching gateway in front of /v1/auth hands out the token it already gave while that one is valid. */
describe('a renewal answered with the token being replaced', () => {
  it('keeps it and asks again only after the backoff (1 s, then 2 s): no loop of /v1/auth calls', async () => {
    const running = await startService();
    running.service.reuseTokens = true;
    let clock = Date.now();
    const client = clientFor(running, { now: () => clock });
    const first = await client.getToken();
    clock = client.store.getState().expiresAt! - 30_000; // due by our clock, valid at the gateway

    await client.request(PentestsDocument);
    expect(running.service.authCalls).toHaveLength(2);
    expect(bearerTokens(running.service)).toEqual([first]);

    await waitUntil(() => running.service.authCalls.length === 3); // the timer, after the 1 s backoff
    await sleep(500);
    expect(running.service.authCalls).toHaveLength(3);
    expect(running.service.authCalls.every((call) => call.token === first)).toBe(true);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: first });
  });
});
