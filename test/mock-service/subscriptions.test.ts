// @vitest-environment node
// The mock's subscriptions through the libraries' own clients: graphql-ws over the mock's port and
// graphql-sse's event streams, with the token rules real servers use (checked at connect; the
// connection ended when its token expires or is revoked: 4401, or the expired message on the stream).
import { createClient as createWsClient } from 'graphql-ws';
import { createClient as createSseClient } from 'graphql-sse';
import { createMockService, type MockService } from 'graphql-jwt-auth-react/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { pentestDemo, pentestTopic } from '../../mock-service/index.ts';

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const STATE = 'subscription ($op: String!) { pentestStateChanged(op_id: $op) { seq op_id state } }';

async function served(tokenLifetimeSec = 3600) {
  const demo = pentestDemo();
  const mock = createMockService({ ...demo, apiKeys: ['k'], tokenLifetimeSec });
  const { baseUrl, close } = await mock.listen();
  closers.push(close);
  const opId = demo.store('us').pentests[0]?.op_id ?? '';
  const token = async () => {
    const answer = await fetch(`${baseUrl}/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"key":"k"}' });
    return ((await answer.json()) as { token: string }).token;
  };
  return { mock, baseUrl, opId, token, state: demo.store('us').pentests[0]?.state };
}

/** Resolves once `mock` says `ready()`: waits on the mock's change events, never a sleep. */
function until(mock: MockService, ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ready()) {
      resolve();
      return;
    }
    const stop = mock.subscribe(() => {
      if (!ready()) return;
      stop();
      resolve();
    });
  });
}

interface Seen {
  events: Array<{ seq: number; state: string }>;
  errors: unknown[];
  completed: boolean;
}

function sink(seen: Seen) {
  return {
    next: (result: { data?: unknown; errors?: unknown }) => {
      if (result.errors !== undefined) seen.errors.push(result.errors);
      else seen.events.push((result.data as { pentestStateChanged: { seq: number; state: string } }).pentestStateChanged);
    },
    error: (error: unknown) => seen.errors.push(error),
    complete: () => {
      seen.completed = true;
    },
  };
}

describe('the mock service’s subscriptions', () => {
  it('graphql-ws: events numbered per topic; a revoked token ends the connection with 4401', async () => {
    const { mock, baseUrl, opId, token, state } = await served();
    const client = createWsClient({
      url: baseUrl.replace(/^http/, 'ws') + '/v1/graphql',
      connectionParams: { authorization: `Bearer ${await token()}` },
      retryAttempts: 0,
    });
    closers.push(() => client.dispose());
    const seen: Seen = { events: [], errors: [], completed: false };
    client.subscribe({ query: STATE, variables: { op: opId } }, sink(seen));
    await until(mock, () => mock.subscriptionConnections[0]?.subscriptions === 1);

    expect([mock.publish(pentestTopic('pentestStateChanged', opId)), mock.publish(pentestTopic('pentestStateChanged', opId))]).toEqual([1, 2]);
    await expect.poll(() => seen.events.map((event) => event.seq)).toEqual([1, 2]);
    expect(seen.events[0]?.state).toBe(state);

    mock.expireTokensNow();
    await until(mock, () => mock.subscriptionConnections[0]?.state === 'closed');
    await expect.poll(() => seen.errors.length).toBe(1);
    expect((seen.errors[0] as CloseEvent).code).toBe(4401);
    expect((seen.errors[0] as CloseEvent).reason).toBe('The incoming token has expired');
    expect(mock.subscriptionConnections).toMatchObject([{ transport: 'ws', state: 'closed', subscriptions: 1, endedForExpiry: true }]);
  });

  it('graphql-ws: an expired token is closed with 4401 at connect, no token or a forged one with 4403', async () => {
    const { mock, baseUrl, token } = await served();
    const expired = await token();
    mock.expireToken(expired);
    const codes: number[] = [];
    for (const authorization of [`Bearer ${expired}`, undefined, 'Bearer a.b.c']) {
      const client = createWsClient({
        url: baseUrl.replace(/^http/, 'ws') + '/v1/graphql',
        connectionParams: { authorization },
        retryAttempts: 0,
        lazy: false,
        onNonLazyError: () => undefined,
      });
      closers.push(() => client.dispose());
      codes.push(
        await new Promise<number>((resolve) =>
          client.on('closed', (event) => {
            resolve((event as CloseEvent).code);
          }),
        ),
      );
    }
    expect(codes).toEqual([4401, 4403, 4403]);
    expect(mock.subscriptionConnections.map((c) => c.state)).toEqual(['expired', 'refused', 'refused']);
  });

  it('graphql-sse: the expired answer at connect; on an open stream the expired message, then the end, at expiry', async () => {
    const { mock, baseUrl, opId, token } = await served(2);
    const url = `${baseUrl}/v1/graphql/stream`;
    const live = await token();
    const client = createSseClient({ url, headers: { authorization: `Bearer ${live}` }, retryAttempts: 0 });
    closers.push(() => {
      client.dispose();
    });
    const seen: Seen = { events: [], errors: [], completed: false };
    client.subscribe({ query: STATE, variables: { op: opId } }, sink(seen));
    await until(mock, () => mock.subscriptionConnections[0]?.subscriptions === 1);
    mock.publish(pentestTopic('pentestStateChanged', opId));
    await expect.poll(() => seen.events.map((event) => event.seq)).toEqual([1]);

    // The 2 s token runs out: the server says so on the stream and ends it.
    await until(mock, () => mock.subscriptionConnections[0]?.state === 'closed');
    await expect.poll(() => seen.completed).toBe(true);
    expect(seen.errors).toEqual([[{ message: 'The incoming token has expired' }]]);
    expect(mock.subscriptionConnections[0]).toMatchObject({ transport: 'sse', endedForExpiry: true });

    const answer = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${live}`, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query: STATE, variables: { op: opId } }),
    });
    expect({ status: answer.status, body: await answer.text() }).toEqual({ status: 401, body: '{"message":"The incoming token has expired"}' });
  });

  it('emitEvery publishes the demo’s next events to the topics with a subscription open, and a client’s close is seen', async () => {
    const { mock, baseUrl, opId, token } = await served();
    const client = createSseClient({ url: `${baseUrl}/v1/graphql/stream`, headers: { authorization: `Bearer ${await token()}` }, retryAttempts: 0 });
    closers.push(() => {
      client.dispose();
    });
    const seen: Seen = { events: [], errors: [], completed: false };
    const stop = client.subscribe({ query: STATE, variables: { op: opId } }, sink(seen));
    await until(mock, () => mock.subscriptionConnections[0]?.subscriptions === 1);
    const stopEmitting = mock.emitEvery(10);
    closers.push(stopEmitting);
    await expect.poll(() => seen.events.length).toBeGreaterThanOrEqual(3);
    expect(seen.events.slice(0, 3).map((event) => event.seq)).toEqual([1, 2, 3]);

    stop();
    await until(mock, () => mock.subscriptionConnections[0]?.state === 'closed');
    expect(mock.subscriptionConnections[0]?.endedForExpiry).toBe(false);
  });
});
