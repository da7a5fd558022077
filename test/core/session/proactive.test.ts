import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, sleep, startService, waitUntil } from '../../support/fixtures.js';

describe('proactive renewal', () => {
  it('renews a token that expires within the margin before sending, so the send never meets an expired token', async () => {
    const running = await startService();
    let offsetMs = 0;
    const client = clientFor(running, { now: () => Date.now() + offsetMs, refreshMarginMs: 60_000 });
    const first = await client.getToken();
    const { expiresAt } = client.store.getState();

    // Our clock moves to 30 s before expiry: inside the 60 s margin.
    offsetMs = expiresAt! - 30_000 - Date.now();
    await client.request(PentestsDocument, { page_size: 1 });

    const { service } = running;
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls).toHaveLength(1);
    expect(bearerTokens(service)).toEqual([service.issuedTokens[1]]);
    expect(bearerTokens(service)).not.toContain(first);
    expect(service.graphqlCalls.some((call) => call.expired)).toBe(false);
  });

  it('does not renew a token outside the margin', async () => {
    const running = await startService();
    const client = clientFor(running, { refreshMarginMs: 60_000 });
    await Promise.all([client.request(PentestsDocument), client.request(PentestsDocument)]);
    await client.request(PentestsDocument);

    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(3);
  });

  it('honours a margin shorter than the default: 30 s before expiry, a 10 s margin sends the token it holds', async () => {
    const running = await startService();
    let offsetMs = 0;
    const client = clientFor(running, { now: () => Date.now() + offsetMs, refreshMarginMs: 10_000 });
    const first = await client.getToken();

    offsetMs = client.store.getState().expiresAt! - 30_000 - Date.now();
    await client.request(PentestsDocument, { page_size: 1 });

    expect(running.service.authCalls).toHaveLength(1);
    expect(bearerTokens(running.service)).toEqual([first]);
  });

  it('a background timer renews at expiry − margin, with the margin cut to half a 3 s lifetime (no refresh loop)', async () => {
    const running = await startService({ tokenLifetimeSec: 3 });
    const client = clientFor(running, { refreshMarginMs: 60_000 });
    const first = await client.getToken();

    // `iat` is whole seconds, so the token lives 2–3 s by our clock. The 60 s margin exceeds that;
    // cut to half the lifetime, renewal is due 1–1.5 s after issue, and the next one a second later.
    // Timers never fire early, so the gaps between calls are checked from below, whatever the load: a
    // loop would show as calls closer together.
    await waitUntil(() => running.service.authCalls.length >= 2);
    await sleep(300);
    const times = running.service.authCalls.map((call) => call.time);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    expect(gaps.length).toBeGreaterThanOrEqual(1);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);

    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: running.service.issuedTokens.at(-1) });
    expect(client.store.getState().token).not.toBe(first);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('dispose() clears the timer: no renewal afterwards', async () => {
    const running = await startService({ tokenLifetimeSec: 2 });
    const client = clientFor(running);
    await client.getToken();
    client.dispose();

    await sleep(1_500);

    expect(running.service.authCalls).toHaveLength(1);
  });
});
