import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthServerError, type AuthClientOptions, SignedOutError, tabSync } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, type Running, sleep, startService, waitUntil } from '../../support/fixtures.js';
import { installWebLocks } from '../../support/web-locks.js';
import { postSession } from '../../support/tab-messages.js';
import { startFaultyService } from '../../support/faulty-service.js';

/**
 * Each client stands for a tab: Node delivers BroadcastChannel messages between channel objects of
 * the same name, as a browser does between tabs. The Chromium test runs the same with real tabs.
 */
function tabs(running: Running, count: number, options: Partial<AuthClientOptions> = {}) {
  const channel = `tabs-${randomUUID()}`;
  return Array.from({ length: count }, () => clientFor(running, { tabSync: tabSync(channel), ...options }));
}

describe('tabs sharing one token', () => {
  it('a tab that opens later takes the token another tab holds: no /v1/auth call of its own', async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const token = await clientFor(running, { tabSync: tabSync(channel) }).getToken();

    const opened = clientFor(running, { tabSync: tabSync(channel) });
    await opened.request(PentestsDocument);

    expect(running.service.authCalls).toHaveLength(1);
    expect(bearerTokens(running.service)).toEqual([token]);
  });

  it('five tabs renewing at once at expiry make exactly one /v1/auth call, and all use its token', async () => {
    installWebLocks();
    let elapsedMs = 0;
    const running = await startService({ now: () => Date.now() + elapsedMs });
    const all = tabs(running, 5, { now: () => Date.now() + elapsedMs });
    // Opening together: one tab asks, the others take its token.
    const first = await all[0]!.getToken();
    expect(await Promise.all(all.map((tab) => tab.getToken()))).toEqual(Array(5).fill(first));
    expect(running.service.authCalls).toHaveLength(1);

    elapsedMs = 60 * 60_000 - 30_000; // inside every tab's renewal margin
    await Promise.all(all.map((tab) => tab.request(PentestsDocument)));

    const { service } = running;
    expect(service.authCalls).toHaveLength(2);
    expect(bearerTokens(service)).toEqual(Array(5).fill(service.issuedTokens[1]));
    expect(all.map((tab) => tab.store.getState().token)).toEqual(Array(5).fill(service.issuedTokens[1]));
  });

  it('signing out in one tab signs out the others: each shows status signedOut, not idle', async () => {
    const running = await startService();
    const [a, b] = tabs(running, 2);
    const token = await a!.getToken();
    expect(await b!.getToken()).toBe(token);

    a!.signOut();
    await waitUntil(() => b!.store.getState().token === null);
    expect([a!.store.getState().status, b!.store.getState().status]).toEqual(['signedOut', 'signedOut']);
    await expect(b!.request(PentestsDocument)).rejects.toBeInstanceOf(SignedOutError);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it("signOut() as a tab's very first call signs out the other tabs and calls their onSignOut listeners", async () => {
    const running = await startService();
    const [signingOut, other] = tabs(running, 2);
    let otherSignOuts = 0;
    other!.onSignOut(() => void (otherSignOuts += 1));
    await other!.getToken();

    signingOut!.signOut();

    await waitUntil(() => other!.store.getState().status === 'signedOut');
    expect(otherSignOuts).toBe(1);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('tabs of another API key on the same channel never receive the token', async () => {
    const running = await startService({ apiKeys: ['test-key', 'other-key'] });
    const channel = `tabs-${randomUUID()}`;
    const mine = clientFor(running, { tabSync: tabSync(channel) });
    const theirs = clientFor(running, { tabSync: tabSync(channel), apiKey: 'other-key' });
    const witness = clientFor(running, { tabSync: tabSync(channel) }); // same identity as `mine`: proves delivery happened

    const token = await mine.getToken();
    const other = await theirs.getToken();
    expect(await witness.getToken()).toBe(token);
    expect(other).not.toBe(token);
    expect(running.service.authCalls).toHaveLength(2);
  });
});

describe('a client made but never used (as StrictMode does with useMemo)', () => {
  it('opens no channel: it neither receives tokens nor asks for them', async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const unused = clientFor(running, { tabSync: tabSync(channel) });
    const witness = clientFor(running, { tabSync: tabSync(channel) });
    const active = clientFor(running, { tabSync: tabSync(channel) });

    await witness.getToken();
    await active.refresh();
    await waitUntil(() => witness.store.getState().token === active.store.getState().token);
    expect(unused.store.getState().token).toBeNull();
  });
});

describe('a sign-out while an exchange waits for the other tabs', () => {
  // Found by the model (fuzz-client-model): refresh(1), signOut(1) before the new tab's wait ended.
  it('signOut() while refresh() waits for the tab lock: the refresh fails with SignedOutError and /v1/auth is never called', async () => {
    installWebLocks();
    const running = await startService();
    const [holder, waiter] = tabs(running, 2);
    await holder!.getToken();
    const resume = running.service.pauseAuth();
    // Holds the lock while its /v1/auth call is held; the waiter's sign-out reaches it too.
    const holding = holder!.refresh().catch((error: unknown) => error);
    await waitUntil(() => running.service.authCalls.length === 2);

    const refreshing = waiter!.refresh();
    waiter!.signOut();
    resume();

    await expect(refreshing).rejects.toBeInstanceOf(SignedOutError);
    expect(await holding).toBeInstanceOf(SignedOutError);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it("signOut() during a new tab's wait for the others' answers: no /v1/auth call", async () => {
    const running = await startService();
    const [tab] = tabs(running, 1);

    const refreshing = tab!.refresh();
    tab!.signOut();

    await expect(refreshing).rejects.toBeInstanceOf(SignedOutError);
    expect(running.service.authCalls).toHaveLength(0);
  });
});

describe('a token the server refused', () => {
  it("is not taken back from another tab's answer to a new tab's 'ask' while this tab waits for the lock", async () => {
    installWebLocks();
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const [a, b] = [clientFor(running, { tabSync: tabSync(channel) }), clientFor(running, { tabSync: tabSync(channel) })];
    const refused = await a.getToken();
    expect(await b.getToken()).toBe(refused);
    running.service.expireToken(refused);
    const resume = running.service.pauseAuth();
    const holding = b.refresh(); // b holds the lock, and still the old token, while its call is held
    await waitUntil(() => running.service.authCalls.length === 2);

    const request = a.request(PentestsDocument); // expired answer: a drops the token and waits for the lock
    await waitUntil(() => running.service.graphqlCalls[0]?.status === 401);
    await sleep(20);
    const opened = clientFor(running, { tabSync: tabSync(channel) }).getToken(); // a new tab asks; b answers with the old token
    await sleep(20);
    resume();

    await expect(request).resolves.toMatchObject({ pentests_page: expect.any(Object) as unknown });
    await Promise.all([holding, opened]);
    expect(bearerTokens(running.service).filter((token) => token === refused)).toHaveLength(1);
  });

  it("the tab lock is per channel: a client on another channel gets its token while this one's /v1/auth call is held", async () => {
    installWebLocks();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let authCalls = 0;
    const running = await startFaultyService(({ path }) => (path.endsWith('/v1/auth') && ++authCalls === 1 ? { holdUntil: held } : null));
    const [holding] = tabs(running, 1);
    const pending = holding!.getToken();
    await waitUntil(() => running.faults.seen.length === 1);

    const [elsewhere] = tabs(running, 1); // another channel name
    const token = await Promise.race([elsewhere!.getToken(), sleep(2_000).then(() => 'still waiting')]);
    release();

    expect(token).toBe(running.service.issuedTokens[0]);
    expect(await pending).toBe(running.service.issuedTokens[1]);
  });

  it('a tab that just opened is not handed a token that is due: it asks /v1/auth itself, and hears its failure', async () => {
    let clock = Date.now();
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const holder = clientFor(running, { now: () => clock, tabSync: tabSync(channel) });
    await holder.getToken();
    clock = holder.store.getState().expiresAt! - 30_000; // inside the 60 s margin: due, still valid
    running.service.queueAuthFailures(503);

    const opened = clientFor(running, { now: () => clock, tabSync: tabSync(channel) });
    const release = opened.retain(); // connected: its 'ask' is answered, or not
    await sleep(200); // past the new tab's wait for answers
    expect(opened.store.getState().token).toBeNull();

    await expect(opened.request(PentestsDocument)).rejects.toBeInstanceOf(AuthServerError);
    release();
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503]);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('refresh() asks /v1/auth even when, while it waited for the tab lock, another tab shared a fresh token', async () => {
    installWebLocks();
    const running = await startService();
    const [holder, waiter] = tabs(running, 2);
    await holder!.getToken();
    await waiter!.getToken(); // handed over: one /v1/auth call so far
    const resume = running.service.pauseAuth();
    const holding = holder!.refresh(); // holds the lock while its /v1/auth call is held
    await waitUntil(() => running.service.authCalls.length === 2);

    const refreshing = waiter!.refresh();
    resume();

    expect(await holding).toBe(running.service.issuedTokens[1]);
    expect(await refreshing).toBe(running.service.issuedTokens[2]);
    expect(running.service.authCalls).toHaveLength(3);
  });

  it('a renewal that fails on a flaky auth server serves the newer token another tab handed over meanwhile', async () => {
    let elapsedMs = 0;
    const now = () => Date.now() + elapsedMs;
    const running = await startService({ now });
    const channel = `tabs-${randomUUID()}`;
    const client = clientFor(running, { now, tabSync: tabSync(channel) });
    await client.getToken();
    elapsedMs += 1_000;
    const elsewhere = clientFor(running, { now }); // the tab that will hand its token over
    await elsewhere.refresh();
    const { token, expiresAt, receivedAt, region } = elsewhere.store.getState();
    elapsedMs = 60 * 60_000 - 30_000; // due, still valid
    const resume = running.service.pauseAuth();
    running.service.queueAuthFailures(503);

    const request = client.request(PentestsDocument); // renews: its /v1/auth call is held
    await waitUntil(() => running.service.authCalls.length === 3);
    await postSession(channel, client, { token, expiresAt, receivedAt, region });
    expect(client.store.getState().token).toBe(token);
    resume(); // the renewal fails: 503

    await request;
    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 200, 503]);
    expect(bearerTokens(running.service)).toEqual([token]);
  });
});
