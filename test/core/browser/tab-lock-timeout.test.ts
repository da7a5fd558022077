import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tabSync } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, type Running, sleep, startService, waitUntil } from '../../support/fixtures.js';
import { installWebLocks } from '../../support/web-locks.js';

/** The waiting tabs' authTimeoutMs: their wait for the lock is bounded by one renewal of theirs. */
const RENEWAL_MS = 200;
/** Far past any wait the bound allows: reached only by a tab that waits for the stuck one. */
const STILL_WAITING_MS = 10_000;

/**
 * A tab's fetch that stops at its next `/v1/auth` call, before sending it, and goes on when thawed: a
 * tab frozen by the browser (or paused in a debugger) while it holds the renewal lock.
 */
function freezingAtNextAuth() {
  let stopped: () => void = () => undefined;
  let thaw: () => void = () => undefined;
  const frozen = new Promise<void>((resolve) => (stopped = resolve));
  const thawed = new Promise<void>((resolve) => (thaw = resolve));
  let armed = true;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (armed && url.endsWith('/v1/auth')) {
      armed = false;
      stopped();
      await thawed;
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, frozen, thaw };
}

/** `waiters` tabs and one that freezes while renewing, all holding the first token, on one channel. */
async function tabsWithOneAboutToFreeze(running: Running, waiters: number) {
  installWebLocks();
  const channel = `tabs-${randomUUID()}`;
  const freezer = freezingAtNextAuth();
  const first = await clientFor(running, { tabSync: tabSync(channel) }).getToken();
  const stuck = clientFor(running, { tabSync: tabSync(channel), fetch: freezer.fetch });
  const others = Array.from({ length: waiters }, () => clientFor(running, { tabSync: tabSync(channel), authTimeoutMs: RENEWAL_MS }));
  for (const tab of [stuck, ...others]) expect(await tab.getToken()).toBe(first);
  return { first, stuck, others, freezer };
}

describe('a tab that cannot run while it holds the renewal lock', () => {
  it("another tab's query gets data while it is still stuck; once it resumes both hold the newer token, one /v1/auth call each", async () => {
    const running = await startService();
    const { first, stuck, others, freezer } = await tabsWithOneAboutToFreeze(running, 1);
    const [waiter] = others;
    const stuckRenewal = stuck.refresh(); // takes the lock, then stops before its /v1/auth call
    await freezer.frozen;

    running.service.expireToken(first);
    const answered = await Promise.race([waiter!.request(PentestsDocument), sleep(STILL_WAITING_MS).then(() => 'still waiting')]);

    expect(answered).toMatchObject({ pentests_page: expect.any(Object) as unknown });
    expect(running.service.authCalls).toHaveLength(2);
    const renewed = running.service.issuedTokens[1];
    freezer.thaw();
    // The stuck tab's call goes out now: its token was asked for before the waiter's, so the waiter's is the newer.
    expect(await stuckRenewal).toBe(renewed);
    await stuck.request(PentestsDocument);
    expect(running.service.authCalls).toHaveLength(3);
    expect([stuck.store.getState().token, waiter!.store.getState().token]).toEqual([renewed, renewed]);
    expect(bearerTokens(running.service)).toEqual([first, renewed, renewed]);
  });

  it('the tabs that gave up waiting for it renew once between them, not once each', async () => {
    const running = await startService();
    const { first, stuck, others, freezer } = await tabsWithOneAboutToFreeze(running, 3);
    const stuckRenewal = stuck.refresh();
    await freezer.frozen;

    running.service.expireToken(first);
    const queries = Promise.all(others.map((tab) => tab.request(PentestsDocument)));
    const answered = await Promise.race([queries, sleep(STILL_WAITING_MS).then(() => 'still waiting')]);

    expect(answered).toHaveLength(3);
    expect(running.service.authCalls).toHaveLength(2);
    const renewed = running.service.issuedTokens[1];
    expect(others.map((tab) => tab.store.getState().token)).toEqual([renewed, renewed, renewed]);
    freezer.thaw();
    expect(await stuckRenewal).toBe(renewed);
    expect(running.service.authCalls).toHaveLength(3);
  });
});

describe('the wait for a live holder', () => {
  it("with authTimeoutMs at setTimeout's limit, a tab still waits for the tab renewing and takes its token: one /v1/auth call", async () => {
    installWebLocks();
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const holder = clientFor(running, { tabSync: tabSync(channel) });
    const waiter = clientFor(running, { tabSync: tabSync(channel), authTimeoutMs: 2 ** 31 - 1 });
    const release = running.service.pauseAuth();
    const holding = holder.getToken();
    await waitUntil(() => running.service.authCalls.length === 1);

    const waiting = waiter.getToken();
    await sleep(1_000); // a wait cut short by an overflowing timer would have asked by now
    expect(running.service.authCalls).toHaveLength(1);
    release();

    expect(await waiting).toBe(await holding);
    expect(running.service.authCalls).toHaveLength(1);
  });
});
