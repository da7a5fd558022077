// @vitest-environment node
// A subscription outlives its tokens: per transport, open across five renewals (4 s tokens), it
// receives every event the server published, by sequence number, with no gap and no duplicate
// (eventKey), with exactly one /v1/auth per renewal; each renewal moves it make-before-break.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, ofType, STATE_CHANGES, type StateEvent, subscribedHarness } from './harness.js';

afterEach(cleanUp);

describe.each(['ws', 'sse'] as const)('client.subscribe over %s', (transport) => {
  it('stays subscribed across five renewals: every event by seq, no gap, one /v1/auth per renewal', { timeout: 60_000 }, async () => {
    const { service, client, events, opId, topic, until } = await subscribedHarness({ transport, tokenLifetimeSec: 4 });
    const seqs: number[] = [];
    const authCallsAtRenewal: number[] = [];
    client.onEvent((event) => {
      if (event.type === 'subscription-renewed') authCallsAtRenewal.push(service.authCalls.length);
    });
    const unsubscribe = client.subscribe<StateEvent, { op: string }>(
      STATE_CHANGES,
      { op: opId },
      {
        onData: (data) => seqs.push(data.pentestStateChanged.seq),
        eventKey: (data) => data.pentestStateChanged.seq,
      },
    );
    await until(() => ofType(events, 'subscription-start').length === 1);
    const stopEmitting = service.emitEvery(20);

    await until(() => ofType(events, 'subscription-renewed').length >= 5);
    stopEmitting();
    const published = service.publish(topic);
    await expect.poll(() => seqs.at(-1)).toBe(published);
    unsubscribe();

    expect(seqs).toEqual(Array.from({ length: published }, (_, index) => index + 1));
    expect(published).toBeGreaterThan(20);
    const renewed = ofType(events, 'subscription-renewed');
    expect(renewed.slice(0, 5).map((event) => event.reason)).toEqual(['expiring', 'expiring', 'expiring', 'expiring', 'expiring']);
    // One /v1/auth per renewal: the first token, then one more each time it moved.
    expect(authCallsAtRenewal.slice(0, 5)).toEqual([2, 3, 4, 5, 6]);
    // Each move went to the token just issued, and none was ended by the server for its token.
    expect(renewed.slice(0, 5).map((event) => event.tokenTag)).toEqual(service.authCalls.slice(1, 6).map((call) => service.tokenTag(call.token)));
    expect(service.subscriptionConnections.filter((connection) => connection.endedForExpiry)).toEqual([]);
    // Unsubscribing closes the last connection: the server sees every one closed.
    await until(() => service.subscriptionConnections.every((connection) => connection.state === 'closed'));
    expect(ofType(events, 'subscription-end')).toMatchObject([{ reason: 'unsubscribed', transport }]);
  });

  it(
    'moves on time when its timers run ahead of the clock it reads: a move timer that fires before the token is due waits for it, not a renewal backoff past the expiry',
    { timeout: 60_000 },
    async () => {
      // A clock 2 % slow against the timers (NTP slewing does a little of this; a stale event-loop
      // time, or a fractional due time, makes a timer fire some 0.5 ms early): each move's timer
      // fires before the session finds the token due.
      const startedAt = Date.now();
      const slow = () => startedAt + (Date.now() - startedAt) * 0.98;
      const { service, client, events, opId, until } = await subscribedHarness({ transport, tokenLifetimeSec: 2, now: slow });
      const seqs: number[] = [];
      client.subscribe<StateEvent, { op: string }>(
        STATE_CHANGES,
        { op: opId },
        { onData: (data) => seqs.push(data.pentestStateChanged.seq), eventKey: (data) => data.pentestStateChanged.seq },
      );
      await until(() => ofType(events, 'subscription-start').length === 1);
      const stopEmitting = service.emitEvery(20);

      await until(() => ofType(events, 'subscription-renewed').length >= 3);
      stopEmitting();

      expect(ofType(events, 'subscription-renewed').map((event) => event.reason)).toEqual(['expiring', 'expiring', 'expiring']);
      expect(service.subscriptionConnections.filter((connection) => connection.endedForExpiry)).toEqual([]);
      expect(service.authCalls).toHaveLength(4);
    },
  );

  it(
    'leaves the old connection only once the new one delivers: a server slow to start the operation loses no event, even when the move ends past the expiry the client counts on',
    { timeout: 60_000 },
    async () => {
      // A service that checks a token at connect only: its connections outlive the expiry the client
      // reads from each token. The new connection is acknowledged at once but listens 1.5 s after its
      // operation arrives, past that expiry: the old connection is what carries the events meanwhile.
      const { service, client, events, opId, topic, until } = await subscribedHarness({ transport, tokenLifetimeSec: 3 });
      service.endsSubscriptionsAtExpiry = false;
      const seqs: number[] = [];
      const unsubscribe = client.subscribe<StateEvent, { op: string }>(
        STATE_CHANGES,
        { op: opId },
        { onData: (data) => seqs.push(data.pentestStateChanged.seq), eventKey: (data) => data.pentestStateChanged.seq },
      );
      await until(() => ofType(events, 'subscription-start').length === 1);
      service.subscribeDelayMs = 1_500;
      const stopEmitting = service.emitEvery(20);

      await until(() => ofType(events, 'subscription-renewed').length === 1);
      const [, taking] = service.subscriptionConnections;
      expect(taking?.subscriptions).toBe(1);
      stopEmitting();
      const published = service.publish(topic);
      await expect.poll(() => seqs.at(-1)).toBe(published);
      unsubscribe();

      expect(seqs).toEqual(Array.from({ length: published }, (_, index) => index + 1));
      expect(ofType(events, 'subscription-renewed').map((event) => event.reason)).toEqual(['expiring']);
      expect(service.subscriptionConnections.filter((connection) => connection.endedForExpiry)).toEqual([]);
    },
  );
});
