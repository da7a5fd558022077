import { describe, expect, it } from 'vitest';
import { SignedOutError } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { clientFor, startService, waitUntil } from '../../support/fixtures.js';
import { startFaultyService } from '../../support/faulty-service.js';

describe('signOut and refresh', () => {
  it('signOut() during a refresh discards its result: nothing is stored and the waiters get SignedOutError', async () => {
    const running = await startService();
    const client = clientFor(running);
    const release = running.service.pauseAuth();
    const waiting = client.request(PentestsDocument);
    await waitUntil(() => running.service.authCalls.length === 1);

    client.signOut();
    release();

    await expect(waiting).rejects.toBeInstanceOf(SignedOutError);
    await waitUntil(() => running.service.authCalls[0]?.status === 200);
    expect(client.store.getState()).toEqual({
      status: 'signedOut',
      token: null,
      expiresAt: null,
      receivedAt: null,
      region: null,
      error: null,
    });
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('after signOut() nothing authenticates until refresh(); then it works again', async () => {
    const running = await startService();
    const client = clientFor(running);
    const before = await client.getToken();
    client.signOut();

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(SignedOutError);
    expect(running.service.authCalls).toHaveLength(1);

    const after = await client.refresh();
    expect(after).not.toBe(before);
    await client.request(PentestsDocument);
    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual([after]);
  });

  it('refresh() called from many places at once makes one /v1/auth call', async () => {
    const running = await startService();
    const client = clientFor(running);
    await client.getToken();

    const tokens = await Promise.all(Array.from({ length: 10 }, () => client.refresh()));

    expect(new Set(tokens).size).toBe(1);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('a renewal from before signOut() that settles while the next refresh() is in flight leaves that refresh the one everybody joins', async () => {
    // The second and third /v1/auth calls are held until the test lets each through.
    const releases: Array<() => void> = [];
    const holds = [1, 2].map(() => new Promise<void>((resolve) => releases.push(resolve)));
    let authCalls = 0;
    const running = await startFaultyService(({ path }) => {
      const hold = path.endsWith('/v1/auth') ? holds[++authCalls - 2] : undefined;
      return hold === undefined ? null : { holdUntil: hold };
    });
    const client = clientFor(running);
    await client.getToken();

    const before = client.refresh();
    before.catch(() => undefined);
    await waitUntil(() => running.faults.seen.length === 2);
    client.signOut();
    const after = client.refresh();
    await waitUntil(() => running.faults.seen.length === 3);

    releases[0]!(); // the renewal from before the sign-out settles, voided
    await expect(before).rejects.toBeInstanceOf(SignedOutError);
    const joining = client.request(PentestsDocument); // joins the refresh still in flight
    releases[1]!();

    await after;
    await joining;
    expect(running.service.authCalls).toHaveLength(3);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual([running.service.issuedTokens[2]]);
  });
});

describe('onSignOut', () => {
  it('calls each listener once per sign-out, and a listener no more once it unsubscribed', async () => {
    const running = await startService();
    const client = clientFor(running);
    const calls = { kept: 0, dropped: 0 };
    client.onSignOut(() => void (calls.kept += 1));
    const unsubscribe = client.onSignOut(() => void (calls.dropped += 1));
    await client.getToken();

    client.signOut();
    expect(calls).toEqual({ kept: 1, dropped: 1 });

    unsubscribe();
    await client.refresh();
    client.signOut();
    expect(calls).toEqual({ kept: 2, dropped: 1 });
  });
});
