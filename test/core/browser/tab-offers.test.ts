import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tabSync } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, startService } from '../../support/fixtures.js';
import { postSession } from '../../support/tab-messages.js';

/** A tab takes another tab's token only when it is newer, valid, and for a region this client uses. */
describe("another tab's token", () => {
  it.each([
    ['for a region this client is not configured for', (held: Held) => ({ ...held, token: 'abc', region: 'elsewhere', expiresAt: held.expiresAt + 1_000 })],
    ['expiring exactly when the held one does (not newer)', (held: Held) => ({ ...held, token: 'abc' })],
    ['expiring before the held one', (held: Held) => ({ ...held, token: 'abc', expiresAt: held.expiresAt - 1_000 })],
  ])("%s: not taken, requests keep this tab's token", async (_, offered) => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { tabSync: tabSync(channel) });
    const token = await client.getToken();
    const { expiresAt, receivedAt, region } = client.store.getState();

    await postSession(channel, client, offered({ token, expiresAt: expiresAt!, receivedAt: receivedAt!, region: region! }));

    expect(client.store.getState().token).toBe(token);
    await client.request(PentestsDocument);
    expect(bearerTokens(running.service)).toEqual([token]);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('newer, valid and for this region: taken, and the next request carries it', async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { tabSync: tabSync(channel) });
    await client.getToken();
    const other = clientFor(running, { tabSync: tabSync(`other-${randomUUID()}`) });
    const newer = await other.refresh();
    const { expiresAt, receivedAt, region } = other.store.getState();

    await postSession(channel, client, { token: newer, expiresAt: expiresAt!, receivedAt: receivedAt!, region: region! });

    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: newer, expiresAt });
    await client.request(PentestsDocument);
    expect(bearerTokens(running.service)).toEqual([newer]);
    expect(running.service.authCalls).toHaveLength(2);
  });
});

interface Held {
  token: string;
  expiresAt: number;
  receivedAt: number;
  region: string;
}
