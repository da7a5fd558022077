// @vitest-environment node
// The server ends a connection for its token (4401 on a WebSocket, the expired message on an event
// stream): the subscription renews once and subscribes again, exactly one /v1/auth and one new
// connection per forced close; a token the service keeps refusing ends it with TokenExpiredError.
import { TokenExpiredError } from 'graphql-jwt-auth-react/core';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, ofType, STATE_CHANGES, type StateEvent, subscribedHarness } from './harness.js';

afterEach(cleanUp);

describe.each(['ws', 'sse'] as const)('a connection the server ends for its token, over %s', (transport) => {
  it('without the move before expiry: one renewal and one resubscribe per forced close', { timeout: 60_000 }, async () => {
    const { service, client, events, opId, until } = await subscribedHarness({ transport, tokenLifetimeSec: 2, renewBeforeExpiry: false });
    const atResubscribe: Array<[auth: number, connections: number, forcedCloses: number]> = [];
    client.onEvent((event) => {
      if (event.type !== 'subscription-renewed') return;
      atResubscribe.push([
        service.authCalls.length,
        service.subscriptionConnections.length,
        service.subscriptionConnections.filter((c) => c.endedForExpiry).length,
      ]);
    });
    const unsubscribe = client.subscribe<StateEvent, { op: string }>(STATE_CHANGES, { op: opId }, { onData: () => undefined });

    await until(() => ofType(events, 'subscription-renewed').length >= 3);
    unsubscribe();

    expect(
      ofType(events, 'subscription-renewed')
        .slice(0, 3)
        .map((event) => event.reason),
    ).toEqual(['token-ended', 'token-ended', 'token-ended']);
    expect(atResubscribe.slice(0, 3)).toEqual([
      [2, 2, 1],
      [3, 3, 2],
      [4, 4, 3],
    ]);
    await until(() => service.subscriptionConnections.every((connection) => connection.state === 'closed'));
  });

  it('a revoked token: exactly one renewal and one resubscribe, each time', async () => {
    const { service, client, events, opId, topic, until } = await subscribedHarness({ transport });
    const seqs: number[] = [];
    client.subscribe<StateEvent, { op: string }>(STATE_CHANGES, { op: opId }, { onData: (data) => seqs.push(data.pentestStateChanged.seq) });
    await until(() => ofType(events, 'subscription-start').length === 1);

    for (const round of [1, 2]) {
      service.expireTokensNow();
      await until(() => ofType(events, 'subscription-renewed').length === round);
      expect({ auth: service.authCalls.length, connections: service.subscriptionConnections.length }).toEqual({ auth: 1 + round, connections: 1 + round });
    }
    // The resubscribed connection carries the events published from then on (once the server runs its subscribe).
    await until(() => service.subscriptionConnections[2]?.subscriptions === 1);
    const seq = service.publish(topic);
    await expect.poll(() => seqs).toContain(seq);
    expect(ofType(events, 'subscription-renewed').map((event) => event.reason)).toEqual(['token-ended', 'token-ended']);
  });

  it('a service that refuses every token: one renewal, then TokenExpiredError, no loop', async () => {
    const { service, client, events, opId, until } = await subscribedHarness({ transport });
    service.alwaysExpired = true;
    const errors: Error[] = [];
    client.subscribe<StateEvent, { op: string }>(STATE_CHANGES, { op: opId }, { onData: () => undefined, onError: (error) => errors.push(error) });

    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(TokenExpiredError);
    expect({ auth: service.authCalls.length, connections: service.subscriptionConnections.map((c) => c.state) }).toEqual({
      auth: 2,
      connections: ['expired', 'expired'],
    });
    expect(ofType(events, 'subscription-end')).toMatchObject([{ reason: 'failed', error: 'TokenExpiredError', transport }]);
  });
});
