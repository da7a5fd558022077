import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tabSync } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { clientFor, sleep, startService, waitUntil } from '../../support/fixtures.js';
import { messagesOfKind } from '../../support/tab-messages.js';

/** A createAuthClient client is its creator's until dispose(): background work starts once and stops for good. */
describe('who holds a client', () => {
  it("a tab's background work starts once: many requests, one 'ask' on the channel", async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const asks = messagesOfKind(channel, 'ask');
    const client = clientFor(running, { tabSync: tabSync(channel) });

    for (let i = 0; i < 3; i += 1) await client.request(PentestsDocument);
    await sleep(50);

    expect(asks).toEqual([{ kind: 'ask', id: client.identity.id }]);
  });

  it('after dispose(), waking asks nothing and retain() starts nothing', async () => {
    const running = await startService();
    let clock = Date.now();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { now: () => clock, tabSync: tabSync(channel) });
    await client.getToken();
    client.dispose();
    const asks = messagesOfKind(channel, 'ask');

    clock = client.store.getState().expiresAt! - 1_000; // due
    window.dispatchEvent(new Event('online'));
    const release = client.retain();
    await sleep(200);

    expect(running.service.authCalls).toHaveLength(1);
    expect(asks).toEqual([]);
    release();
  });

  it('retain() and its release, even called twice, leave the creator holding it: background renewal goes on', async () => {
    // 3 s tokens: due 1–1.5 s after issue.
    const running = await startService({ tokenLifetimeSec: 3 });
    const client = clientFor(running);
    await client.getToken();

    const release = client.retain();
    release();
    release();

    await waitUntil(() => running.service.authCalls.length === 2);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it("retain() starts a tab's background work before any request: it takes the token another tab obtains, and asks for none", async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const retained = clientFor(running, { tabSync: tabSync(channel) });
    const release = retained.retain();
    const other = clientFor(running, { tabSync: tabSync(channel) });

    const token = await other.getToken();
    await waitUntil(() => retained.store.getState().token === token);
    await retained.request(PentestsDocument);

    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual([token]);
    release();
  });

  it("releasing a retain() the creator outlives keeps the tab listening: it still takes another tab's new token", async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { tabSync: tabSync(channel) });
    const first = await client.getToken();
    client.retain()();
    const other = clientFor(running, { tabSync: tabSync(channel) });

    const renewed = await other.refresh();
    expect(renewed).not.toBe(first);
    await waitUntil(() => client.store.getState().token === renewed);
    expect(running.service.authCalls).toHaveLength(2);
  });
});
