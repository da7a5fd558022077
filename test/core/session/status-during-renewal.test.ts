import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, startService, waitUntil } from '../../support/fixtures.js';

/** What `store.status` says while a token is being replaced: what a UI shows. */
describe('the status while a token is replaced', () => {
  it("an expired answer while a renewal is under way: 'authenticating' until it lands, never 'idle'; one renewal serves both", async () => {
    const running = await startService();
    const client = clientFor(running);
    const first = await client.getToken();
    const statuses: string[] = [];
    client.store.subscribe((state) => statuses.push(state.status));
    running.service.expireToken(first);
    const release = running.service.pauseAuth();

    const refreshed = client.refresh();
    const request = client.request(PentestsDocument);
    await waitUntil(() => client.store.getState().token === null); // the expired answer dropped `first`
    expect(client.store.getState().status).toBe('authenticating');
    release();

    const second = await refreshed;
    await request;
    expect(running.service.authCalls).toHaveLength(2);
    expect(bearerTokens(running.service)).toEqual([first, second]);
    expect(statuses).not.toContain('idle');
    expect(statuses.at(-1)).toBe('authenticated');
  });

  it("an expired answer with no renewal under way: the token is dropped ('idle') and the retry's renewal follows at once", async () => {
    const running = await startService();
    const client = clientFor(running);
    const first = await client.getToken();
    const statuses: string[] = [];
    client.store.subscribe((state) => statuses.push(state.status));
    running.service.expireToken(first);

    await client.request(PentestsDocument);

    expect(statuses).toEqual(['idle', 'authenticating', 'authenticated']);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it("a first getToken() on a client kept in memory: 'authenticating' at once, in the same tick, so a UI never shows 'idle' after asking", async () => {
    const running = await startService();
    const client = clientFor(running);

    const token = client.getToken();

    expect(client.store.getState().status).toBe('authenticating');
    await token;
    expect(client.store.getState().status).toBe('authenticated');
    expect(running.service.authCalls).toHaveLength(1);
  });
});
