// @vitest-environment node
// What ends a subscription, told once through onError with a typed error and a bounded number of
// attempts; and what the app ends: unsubscribe and abort close the connection, as the server sees.
import {
  AuthConfigError,
  AuthServerError,
  createAuthClient,
  InvalidApiKeyError,
  SubscriptionError,
  SubscriptionTransportMissingError,
} from 'graphql-jwt-auth-react/core';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, ofType, STATE_CHANGES, type StateEvent, subscribedHarness } from './harness.js';

afterEach(cleanUp);

describe('client.subscribe ends, with a typed error', () => {
  it('a refused key: InvalidApiKeyError after one /v1/auth, no connection', async () => {
    const { service, client, events, opId, until } = await subscribedHarness({ apiKey: 'not-a-key' });
    const errors: Error[] = [];
    client.subscribe<StateEvent, { op: string }>(STATE_CHANGES, { op: opId }, { onData: () => undefined, onError: (error) => errors.push(error) });

    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(InvalidApiKeyError);
    expect({ auth: service.authCalls.length, connections: service.subscriptionConnections.length }).toEqual({ auth: 1, connections: 0 });
    expect(ofType(events, 'subscription-end')).toMatchObject([{ reason: 'failed', error: 'InvalidApiKeyError', tokenTag: null }]);
  });

  it('an auth outage: retryAttempts more tries after the session’s waits, then the AuthServerError', { timeout: 30_000 }, async () => {
    const { service, client, opId, until } = await subscribedHarness({ transport: 'sse', retryAttempts: 2 });
    service.failNextAuthCalls(10, 503);
    const errors: Error[] = [];
    client.subscribe<StateEvent, { op: string }>(STATE_CHANGES, { op: opId }, { onData: () => undefined, onError: (error) => errors.push(error) });

    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(AuthServerError);
    expect(service.authCalls.map((call) => call.status)).toEqual([503, 503, 503]);
    expect(service.subscriptionConnections).toEqual([]);
  });

  it('an operation the server refuses: SubscriptionError with its GraphQL errors', async () => {
    const { client, until } = await subscribedHarness({ transport: 'ws' });
    const errors: Error[] = [];
    client.subscribe(STATE_CHANGES, { op: 'no-such-pentest' }, { onData: () => undefined, onError: (error) => errors.push(error) });

    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(SubscriptionError);
    expect((errors[0] as SubscriptionError).errors[0]?.message).toBe('No pentest with op_id "no-such-pentest"');
  });

  it('the transport library missing: SubscriptionTransportMissingError naming it', async () => {
    const { client, opId, until } = await subscribedHarness({ transport: 'sse', load: () => Promise.reject(new Error('Cannot find package')) });
    const errors: Error[] = [];
    client.subscribe(STATE_CHANGES, { op: opId }, { onData: () => undefined, onError: (error) => errors.push(error) });

    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(SubscriptionTransportMissingError);
    expect(errors[0]).toMatchObject({ packageName: 'graphql-sse' });
  });

  it('no subscriptions option: subscribe throws an AuthConfigError at once', () => {
    const client = createAuthClient({ apiKey: 'k', region: 'us' });
    expect(() => client.subscribe(STATE_CHANGES, { op: 'x' }, { onData: () => undefined })).toThrow(AuthConfigError);
    expect(() => client.subscribe(STATE_CHANGES, { op: 'x' }, { onData: () => undefined })).toThrow(expect.objectContaining({ code: 'GJA_NO_SUBSCRIPTIONS' }));
    client.dispose();
  });
});

describe.each(['ws', 'sse'] as const)('the app ends a subscription over %s', (transport) => {
  it('unsubscribe and abort close the connection, as the server sees; nothing is told after', async () => {
    const { service, client, events, opId, topic, until } = await subscribedHarness({ transport });
    const controller = new AbortController();
    const seen: number[] = [];
    const unsubscribe = client.subscribe<StateEvent, { op: string }>(
      STATE_CHANGES,
      { op: opId },
      { onData: (data) => seen.push(data.pentestStateChanged.seq) },
    );
    client.subscribe<StateEvent, { op: string }>(
      STATE_CHANGES,
      { op: opId },
      { onData: (data) => seen.push(data.pentestStateChanged.seq), signal: controller.signal },
    );
    await until(() => ofType(events, 'subscription-start').length === 2 && service.subscriptionConnections.reduce((sum, c) => sum + c.subscriptions, 0) === 2);

    unsubscribe();
    controller.abort();
    await until(() => service.subscriptionConnections.every((connection) => connection.state === 'closed'));
    service.publish(topic);

    expect(ofType(events, 'subscription-end').map((event) => event.reason)).toEqual(['unsubscribed', 'unsubscribed']);
    expect(seen).toEqual([]);
    // Over WebSocket both shared one connection (one token); each event stream is its own.
    expect(service.subscriptionConnections).toHaveLength(transport === 'ws' ? 1 : 2);
  });
});

describe.each(['ws', 'sse'] as const)('a lost connection over %s', (transport) => {
  it('is made again after a wait, with the token it held (no /v1/auth), and carries the events again', { timeout: 30_000 }, async () => {
    const { service, client, events, opId, topic, until, restart } = await subscribedHarness({ transport });
    const seqs: number[] = [];
    client.subscribe<StateEvent, { op: string }>(STATE_CHANGES, { op: opId }, { onData: (data) => seqs.push(data.pentestStateChanged.seq) });
    await until(() => ofType(events, 'subscription-start').length === 1 && service.subscriptionConnections[0]?.subscriptions === 1);

    await restart();
    await until(() => ofType(events, 'subscription-renewed').length === 1 && service.subscriptionConnections.at(-1)?.subscriptions === 1);
    const seq = service.publish(topic);
    await expect.poll(() => seqs).toContain(seq);

    expect(ofType(events, 'subscription-renewed')).toMatchObject([{ reason: 'reconnected', tokenTag: ofType(events, 'subscription-start')[0]?.tokenTag }]);
    expect(service.authCalls).toHaveLength(1);
  });
});
