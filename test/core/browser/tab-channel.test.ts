import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { tabSync } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, sleep, startService, waitUntil } from '../../support/fixtures.js';
import { messagesOfKind, postSession } from '../../support/tab-messages.js';
import { collectUnhandled } from '../../support/unhandled.js';
import { installWebLocks } from '../../support/web-locks.js';

async function post(channelName: string, data: unknown): Promise<void> {
  const channel = new BroadcastChannel(channelName);
  channel.postMessage(data);
  channel.close();
  await sleep(50);
}

/** What a tab makes of the channel it shares with the other tabs, and what it leaves alone. */
describe('the tab channel', () => {
  it('null, a number or a string on the channel: ignored, no error thrown, no reply', async () => {
    const unhandled = collectUnhandled();
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { tabSync: tabSync(channel) });
    const token = await client.getToken();
    const seen = messagesOfKind(channel, 'session');

    for (const junk of [null, 7, 'session']) await post(channel, junk);

    expect(await unhandled.drain()).toEqual([]);
    expect(seen).toEqual([]);
    expect(client.store.getState().token).toBe(token);
  });

  it('a message of an unknown kind carrying a valid newer session: not taken, not answered', async () => {
    const { running, channel, client, token, newer: session } = await tabWithNewerSessionElsewhere();
    const seen = messagesOfKind(channel, 'session');

    await post(channel, { kind: 'hello', id: client.identity.id, session });

    expect(seen).toEqual([]);
    expect(client.store.getState().token).toBe(token);
    await client.request(PentestsDocument);
    expect(bearerTokens(running.service)).toEqual([token]);
  });

  it('a disposed tab takes nothing from the channel and answers no "ask"', async () => {
    const { channel, client, token, newer } = await tabWithNewerSessionElsewhere();
    client.dispose();
    const seen = messagesOfKind(channel, 'session');

    await postSession(channel, client, newer);
    await post(channel, { kind: 'ask', id: client.identity.id });

    expect(client.store.getState().token).toBe(token);
    expect(seen).toHaveLength(1); // the test's own
  });

  it('without BroadcastChannel (server rendering, old browsers): the client works alone', async () => {
    const saved = globalThis.BroadcastChannel;
    // @ts-expect-error -- removed for this test, as where the API does not exist
    delete globalThis.BroadcastChannel;
    onTestFinished(() => {
      globalThis.BroadcastChannel = saved;
    });
    const running = await startService();
    const client = clientFor(running, { tabSync: tabSync(`tabs-${randomUUID()}`) });

    await client.request(PentestsDocument);

    expect(running.service.authCalls).toHaveLength(1);
    expect(bearerTokens(running.service)).toEqual([running.service.issuedTokens[0]]);
  });

  it('with Web Locks, while one tab waits for its /v1/auth answer another tab asks nothing; it takes the token shared', async () => {
    installWebLocks();
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const first = clientFor(running, { tabSync: tabSync(channel) });
    const second = clientFor(running, { tabSync: tabSync(channel) });
    await sleep(200); // both past their opening wait for other tabs' answers
    const release = running.service.pauseAuth();

    const one = first.getToken();
    await waitUntil(() => running.service.authCalls.length === 1);
    const two = second.getToken();
    await sleep(400); // longer than any stagger without locks
    expect(running.service.authCalls).toHaveLength(1);
    release();

    expect(await two).toBe(await one);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('with Web Locks, refresh() of a lone tab makes exactly one /v1/auth call', async () => {
    installWebLocks();
    const running = await startService();
    const client = clientFor(running, { tabSync: tabSync(`tabs-${randomUUID()}`) });
    await client.getToken();

    const token = await client.refresh();

    expect(running.service.authCalls).toHaveLength(2);
    expect(token).toBe(running.service.issuedTokens[1]);
  });
});

describe("a new tab's wait for the others' answers", () => {
  it('ends as soon as another tab hands its token over: no grace timer has to run out', async () => {
    installWebLocks(); // without them a tab waits a random stagger, on a timer
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const token = await clientFor(running, { tabSync: tabSync(channel) }).getToken();
    // From here no timer of the library fires: only the hand-over can end the new tab's wait.
    const realSetTimeout = globalThis.setTimeout;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });

    const opened = clientFor(running, { tabSync: tabSync(channel) });
    const stillWaiting = new Promise((resolve) => realSetTimeout(resolve, 1_000, 'still waiting'));
    const handed = await Promise.race([opened.getToken(), stillWaiting]);

    expect(handed).toBe(token);
    expect(running.service.authCalls).toHaveLength(1);
  });
  it('a token handed over while the tab still waits for the lock ends its wait as soon as the lock comes', async () => {
    const locks = installWebLocks();
    let elapsedMs = 0; // the service's clock and the tabs' move together, as in real life
    const now = () => Date.now() + elapsedMs;
    const running = await startService({ now });
    const channel = `tabs-${randomUUID()}`;
    const holder = clientFor(running, { now, tabSync: tabSync(channel) });
    const waiter = clientFor(running, { now, tabSync: tabSync(channel) });
    const first = await holder.getToken();
    expect(await waiter.getToken()).toBe(first); // handed over
    elapsedMs = 60 * 60_000 - 30_000; // inside both tabs' renewal margin
    const resume = running.service.pauseAuth();
    const renewing = holder.request(PentestsDocument); // takes the lock; its /v1/auth call is held
    await waitUntil(() => running.service.authCalls.length === 2);

    const releaseHandOff = locks.holdHandOffs();
    const realSetTimeout = globalThis.setTimeout;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // no grace timer can end a wait now
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const waiting = waiter.request(PentestsDocument); // queued behind the holder's lock
    resume();
    const renewed = running.service.issuedTokens;
    for (let i = 0; i < 200 && waiter.store.getState().token === first; i++) await new Promise((r) => realSetTimeout(r, 10));
    expect(waiter.store.getState().token).toBe(renewed[1]); // the hand-over came before the lock
    releaseHandOff();

    const stillWaiting = new Promise((resolve) => realSetTimeout(resolve, 1_000, 'still waiting'));
    expect(await Promise.race([waiting.then(() => 'answered'), stillWaiting])).toBe('answered');
    await renewing;
    expect(running.service.authCalls).toHaveLength(2);
    expect(bearerTokens(running.service)).toEqual([renewed[1], renewed[1]]);
  });
});

/** A tab holding a token, and a newer session of the same identity obtained by a client outside the channel. */
async function tabWithNewerSessionElsewhere() {
  const running = await startService();
  const channel = `tabs-${randomUUID()}`;
  const client = clientFor(running, { tabSync: tabSync(channel) });
  const token = await client.getToken();
  const other = clientFor(running);
  await other.refresh();
  const { token: newerToken, expiresAt, receivedAt, region } = other.store.getState();
  return { running, channel, client, token, newer: { token: newerToken!, expiresAt: expiresAt!, receivedAt: receivedAt!, region: region! } };
}
