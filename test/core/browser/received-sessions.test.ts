import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, startService } from '../../support/fixtures.js';
import { memoryStorage } from '../../support/memory-storage.js';
import { postSession } from '../../support/tab-messages.js';
import { collectUnhandled } from '../../support/unhandled.js';
import { sessionPersistence, tabSync } from '../../../src/index.js';

const HOUR_MS = 60 * 60_000;

/** A session shared by another tab or read from storage is checked as strictly as a `/v1/auth` answer. */
describe('sessions this client did not obtain itself', () => {
  it.each([
    ['a token that is not header-safe (tok€n), far-future expiry', { token: 'tok€n', expiresAt: Date.now() + 10 * 365 * 24 * HOUR_MS }],
    ['a header-safe token claiming ten years (no claims: at most the documented hour)', { token: 'abc', expiresAt: Date.now() + 10 * 365 * 24 * HOUR_MS }],
    ['"received" in the future', { token: 'abc', expiresAt: Date.now() + 3 * HOUR_MS, receivedAt: Date.now() + 2 * HOUR_MS }],
  ])('from the tab channel, %s: not taken, not stored, requests keep the real token', async (_, garbled) => {
    const running = await startService();
    const storage = memoryStorage();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { tabSync: tabSync(channel), persist: sessionPersistence({ storage }) });
    const token = await client.getToken();

    await postSession(channel, client, { receivedAt: Date.now(), region: 'test', ...garbled });

    expect(client.store.getState().token).toBe(token);
    await client.request(PentestsDocument);
    expect(bearerTokens(running.service)).toEqual([token]);
    expect(storage.items.get('graphql-jwt-auth')).not.toContain(garbled.token);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it.each([
    ['a token that is not header-safe', { token: 'tok€n' }],
    ['the token "undefined"', { token: 'undefined' }],
    ['expiresAt as a string', { expiresAt: String(Date.now() + HOUR_MS / 2) }],
    ['receivedAt as a string', { receivedAt: String(Date.now()) }],
  ])('from storage, %s: ignored, the client authenticates and sends only its own token', async (_, garbled) => {
    const running = await startService();
    const storage = memoryStorage();
    const probe = clientFor(running, { persist: sessionPersistence({ storage }) });
    const state = { id: probe.identity.id, token: 'abc', expiresAt: Date.now() + HOUR_MS / 2, receivedAt: Date.now(), region: 'test', ...garbled };
    storage.items.set('graphql-jwt-auth', JSON.stringify({ state, version: 1 }));

    const client = clientFor(running, { persist: sessionPersistence({ storage }) });
    expect(client.store.getState()).toMatchObject({ status: 'idle', token: null });
    await client.request(PentestsDocument);

    expect(running.service.authCalls).toHaveLength(1);
    expect(bearerTokens(running.service)).toEqual([running.service.issuedTokens[0]]);
  });

  it.each([
    ['expiring right now', 0],
    ['expired a millisecond ago', -1],
  ])('from storage, a token %s is not taken: the store stays empty after reading', async (_, expiresInMs) => {
    const clock = 1_800_000_000_000;
    const running = await startService();
    const storage = memoryStorage();
    const probe = clientFor(running, { persist: sessionPersistence({ storage }), now: () => clock });
    const state = { id: probe.identity.id, token: 'abc', expiresAt: clock + expiresInMs, receivedAt: clock - 1_000, region: 'test' };
    storage.items.set('graphql-jwt-auth', JSON.stringify({ state, version: 1 }));

    const client = clientFor(running, { persist: sessionPersistence({ storage }), now: () => clock });

    expect(client.store.getState()).toMatchObject({ status: 'idle', token: null });
  });

  it('from the tab channel, a session that is null, missing or not an object: ignored, no error thrown', async () => {
    const unhandled = collectUnhandled();
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { tabSync: tabSync(channel) });
    const token = await client.getToken();

    await postSession(channel, client, null);
    await postSession(channel, client, undefined);
    await postSession(channel, client, 'a session');

    expect(client.store.getState().token).toBe(token);
    expect(await unhandled.drain()).toEqual([]);
  });

  it('a session asked for and received in the same millisecond, at the very end its claims allow, is taken', async () => {
    const clock = Date.now(); // frozen: requestedAt = receivedAt, so the expiry meets the claims' bound exactly
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const first = clientFor(running, { tabSync: tabSync(channel), now: () => clock });
    const token = await first.getToken();

    expect(await clientFor(running, { tabSync: tabSync(channel), now: () => clock }).getToken()).toBe(token);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it("another tab's real token with its real expiry is still taken", async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { tabSync: tabSync(channel) });
    const other = clientFor(running, { tabSync: tabSync(`tabs-${randomUUID()}`) });
    await client.getToken();
    await other.refresh();
    const shared = other.store.getState();

    await postSession(channel, client, { token: shared.token, expiresAt: shared.expiresAt, receivedAt: shared.receivedAt, region: 'test' });

    expect(client.store.getState().token).toBe(shared.token);
  });
});
