import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tabSync } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { clientFor, sleep, startService } from '../../support/fixtures.js';
import { postSession } from '../../support/tab-messages.js';

describe('tokens the server refused', () => {
  it('the last 8 are never taken back from another tab, however new their claimed expiry', async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { tabSync: tabSync(channel) });
    await client.getToken();
    for (let i = 0; i < 9; i += 1) {
      running.service.expireToken(client.store.getState().token!);
      await client.request(PentestsDocument); // answered expired: dropped, renewed, sent again
    }
    const refused = running.service.issuedTokens.slice(0, 9);
    const current = client.store.getState();
    expect(running.service.authCalls).toHaveLength(10);
    await sleep(5);

    // The second-oldest is the 8th most recent refusal; its claimed expiry is the latest its claims allow.
    const receivedAt = Date.now();
    await postSession(channel, client, { token: refused[1], receivedAt, expiresAt: receivedAt + 3_599_000, region: 'test' });

    expect(client.store.getState().token).toBe(current.token);
    expect(current.expiresAt).toBeLessThan(receivedAt + 3_599_000);
  });
});
