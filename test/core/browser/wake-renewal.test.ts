import { afterEach, describe, expect, it } from 'vitest';
import { clientFor, type Running, sleep, startService, waitUntil } from '../../support/fixtures.js';

const MARGIN_MS = 60_000;

/** What a laptop waking from sleep looks like to the client: the clock jumped, then the network came back. */
async function sleptClient(running: Running) {
  let clock = Date.now();
  const client = clientFor(running, { now: () => clock, refreshMarginMs: MARGIN_MS });
  const first = await client.getToken();
  const expiresAt = client.store.getState().expiresAt!;
  const wake = (atMs: number) => {
    clock = atMs;
    window.dispatchEvent(new Event('online'));
  };
  const showPage = (atMs: number, visibility: DocumentVisibilityState) => {
    clock = atMs;
    Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  return { client, first, expiresAt, wake, showPage };
}

describe('waking up', () => {
  it.each([
    ['asleep (the network comes back)', 'wake'],
    ['hidden (the page becomes visible)', 'show'],
  ] as const)('with a token that fell due while %s: renewed once, before any request', async (_label, how) => {
    const running = await startService();
    const { client, first, expiresAt, wake, showPage } = await sleptClient(running);

    if (how === 'wake') wake(expiresAt - MARGIN_MS / 2);
    else showPage(expiresAt - MARGIN_MS / 2, 'visible');

    await waitUntil(() => running.service.authCalls.length === 2);
    await sleep(100);
    expect(running.service.authCalls).toHaveLength(2);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: running.service.issuedTokens[1] });
    expect(client.store.getState().token).not.toBe(first);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('during the backoff after a failed renewal: renewed at once, not when the backoff ends (the network is back)', async () => {
    const running = await startService();
    const { expiresAt, wake, client } = await sleptClient(running);
    wake(expiresAt - MARGIN_MS / 2);
    running.service.queueAuthFailures(503); // the renewal at wake fails: the timer's next try waits 1 s
    await waitUntil(() => running.service.authCalls.length === 2);
    await waitUntil(() => client.store.getState().status === 'authenticated');

    wake(expiresAt - MARGIN_MS / 2);
    await sleep(300);

    expect(running.service.authCalls.map((call) => call.status)).toEqual([200, 503, 200]);
  });

  it('with a token still fresh: nothing is asked', async () => {
    const running = await startService();
    const { client, first, wake } = await sleptClient(running);

    wake(Date.now() + 60_000);
    await sleep(200);

    expect(running.service.authCalls).toHaveLength(1);
    expect(client.store.getState().token).toBe(first);
  });

  it('the renewal timer is set again from the clock at wake: a token the clock moved near its due time renews then', async () => {
    const running = await startService();
    const { expiresAt, wake } = await sleptClient(running);

    wake(expiresAt - MARGIN_MS - 300); // due in 300 ms by the new clock; the old timer waits most of an hour

    await waitUntil(() => running.service.authCalls.length === 2);
  });

  it('with renewOnWake: false, a token that fell due while asleep is left to the next request', async () => {
    const running = await startService();
    let clock = Date.now();
    const client = clientFor(running, { now: () => clock, refreshMarginMs: MARGIN_MS, renewOnWake: false });
    const first = await client.getToken();

    clock = client.store.getState().expiresAt! - MARGIN_MS / 2;
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await sleep(200);

    expect(running.service.authCalls).toHaveLength(1);
    expect(client.store.getState().token).toBe(first);
  });

  it('after sign-out: nothing is asked', async () => {
    const running = await startService();
    const { client, expiresAt, wake } = await sleptClient(running);
    client.signOut();

    wake(expiresAt - MARGIN_MS / 2);
    await sleep(200);

    expect(running.service.authCalls).toHaveLength(1);
    expect(client.store.getState().status).toBe('signedOut');
  });
});

describe('the page becoming visible again', () => {
  // jsdom reports "prerender"; the tests set what a browser reports, and jsdom's own comes back after.
  afterEach(() => {
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('a page turning hidden asks nothing, even with a token due', async () => {
    const running = await startService();
    const { client, first, expiresAt, showPage } = await sleptClient(running);

    showPage(expiresAt - MARGIN_MS / 2, 'hidden');
    await sleep(200);

    expect(running.service.authCalls).toHaveLength(1);
    expect(client.store.getState().token).toBe(first);
  });

  it('after dispose(): the page showing again asks nothing', async () => {
    const running = await startService();
    const { client, expiresAt, showPage } = await sleptClient(running);
    client.dispose();

    showPage(expiresAt - MARGIN_MS / 2, 'visible');
    await sleep(200);

    expect(running.service.authCalls).toHaveLength(1);
  });
});

describe('a runtime with only one of window and document (Deno 1.x has a window and no document)', () => {
  it.each(['document', 'window'] as const)('without %s: the client authenticates as without a DOM, wake renewal off', async (missing) => {
    const before = Object.getOwnPropertyDescriptor(globalThis, missing);
    Object.defineProperty(globalThis, missing, { value: undefined, configurable: true, writable: true });
    try {
      const running = await startService();
      const client = clientFor(running);

      const token = await client.getToken();

      expect(token).toBe(running.service.issuedTokens[0]);
      expect(running.service.authCalls).toHaveLength(1);
      client.dispose();
    } finally {
      if (before) Object.defineProperty(globalThis, missing, before);
    }
  });
});
