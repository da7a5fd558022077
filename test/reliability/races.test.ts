import { describe, expect, it } from 'vitest';
import { SignedOutError } from '../../src/index.js';
import type { FaultPlan } from '../support/chaos.js';
import { clientName, PauseOpDocument, PentestsDocument, runningOpId } from '../support/documents.js';
import { bearerTokens, clientFor, waitUntil } from '../support/fixtures.js';
import { startFaultyService } from '../support/faulty-service.js';

/*
 * Races the issue lists that are held elsewhere, each deterministic (gates, no timing):
 * - a refresh resolving after signOut() writes nothing: test/core/sign-out.test.ts;
 *   after an identity change: test/react/identity.test.tsx ("a refresh still in flight for the old identity…");
 * - an expired answer for an old token after the new one was stored, 0 extra auth calls:
 *   test/core/single-flight.test.ts;
 * - an abort during the refresh leaves the other waiters their token: test/core/abort.test.ts;
 * - unmount during a refresh, no warning, no send: test/react/renders.test.tsx;
 * - refresh() from many places at once, one call: test/core/sign-out.test.ts.
 * This file adds the orderings those leave out.
 */

/** A gate the test opens by hand. */
function gate(): { opened: Promise<void>; open: () => void } {
  const opening: Array<() => void> = [];
  const opened = new Promise<void>((resolve) => {
    opening.push(resolve);
  });
  return {
    opened,
    open: () => {
      for (const open of opening) open();
    },
  };
}

/** Holds the `nth` request (1-based) to a path ending in `suffix`, optionally answering it with `body`. */
function holdNth(suffix: string, nth: number, until: Promise<void>, answer?: { status: number; body: string }): FaultPlan {
  let seen = 0;
  return ({ path }) => {
    if (!path.endsWith(suffix) || ++seen !== nth) return null;
    return answer === undefined ? { holdUntil: until } : { holdUntil: until, before: answer };
  };
}

describe('races', () => {
  it('signOut(), then refresh(): the first refresh answering after the second writes nothing', async () => {
    const held = gate();
    const running = await startFaultyService(holdNth('/v1/auth', 1, held.opened));
    const client = clientFor(running);
    const stale = client.getToken();
    await waitUntil(() => running.faults.seen.length === 1);

    client.signOut();
    const fresh = await client.refresh();
    held.open();

    await expect(stale).rejects.toBeInstanceOf(SignedOutError);
    await waitUntil(() => running.service.authCalls.length === 2 && running.service.authCalls.every((c) => c.status === 200));
    // The held call reaches the service only when released, so it is recorded second.
    const [answeredFirst, answeredLate] = running.service.authCalls;
    expect(fresh).toBe(answeredFirst?.token);
    expect(answeredLate?.token).not.toBe(fresh);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: fresh });
    await client.request(PentestsDocument);
    expect(bearerTokens(running.service)).toEqual([fresh]);
  });

  it('"Unauthorized" for an old token arriving after the new token was stored: retried with the new one, 0 extra auth calls', async () => {
    const held = gate();
    const running = await startFaultyService(holdNth('/graphql', 1, held.opened, { status: 401, body: '{"message":"Unauthorized"}' }));
    const client = clientFor(running);
    const first = await client.getToken();
    const late = client.request(PentestsDocument, { page_size: 1 });
    await waitUntil(() => running.faults.seen.length === 2);

    const second = await client.refresh();
    held.open();

    await expect(late).resolves.toMatchObject({ pentests_page: { pentests: [{ client_name: clientName('us') }] } });
    expect(running.service.authCalls).toHaveLength(2);
    const sent = running.faults.seen.filter((r) => r.path.endsWith('/graphql')).map((r) => r.headers.authorization);
    expect(sent).toEqual([`Bearer ${first}`, `Bearer ${second}`]);
    expect(client.store.getState().token).toBe(second);
  });

  it('an expired answer arriving after signOut(): no re-authentication, SignedOutError', async () => {
    const held = gate();
    const running = await startFaultyService(holdNth('/graphql', 1, held.opened));
    const client = clientFor(running);
    await client.getToken();
    const late = client.request(PentestsDocument);
    await waitUntil(() => running.faults.seen.length === 2);
    running.service.expireTokensNow();

    client.signOut();
    held.open();

    await expect(late).rejects.toBeInstanceOf(SignedOutError);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls.map((call) => call.expired)).toEqual([true]);
    expect(client.store.getState()).toMatchObject({ status: 'signedOut', token: null });
  });

  it('refresh(), getToken() and requests all at once on a fresh client: one /v1/auth call, one token everywhere', async () => {
    const held = gate();
    const running = await startFaultyService(holdNth('/v1/auth', 1, held.opened));
    const client = clientFor(running);

    const all = Promise.all([
      client.refresh(),
      client.getToken(),
      client.request(PentestsDocument, { page_size: 1 }),
      client.refresh(),
      client.request(PentestsDocument, { page_size: 2 }),
    ]);
    await waitUntil(() => running.faults.seen.length === 1);
    held.open();
    const [a, b, , c] = await all;

    expect(running.service.authCalls).toHaveLength(1);
    expect(new Set([a, b, c])).toEqual(new Set([running.service.issuedTokens[0]]));
    expect(bearerTokens(running.service)).toEqual([a, a]);
  });

  it('a request issued just before signOut() in the same tick is never sent with the old token', async () => {
    const running = await startFaultyService();
    const client = clientFor(running);
    await client.getToken();

    // The token is at hand, but the send happens a microtask later: after the sign-out.
    const query = client.request(PentestsDocument);
    const mutation = client.request(PauseOpDocument, { op_id: runningOpId() });
    client.signOut();

    await expect(query).rejects.toBeInstanceOf(SignedOutError);
    await expect(mutation).rejects.toBeInstanceOf(SignedOutError);
    expect(running.faults.seen.filter((r) => r.path.endsWith('/graphql'))).toEqual([]);
    expect(running.service.appliedMutations).toBe(0);
  });
});
