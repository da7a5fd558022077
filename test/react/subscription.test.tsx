// useGraphQLSubscription and graphqlSubscriptionOptions against the demo mock on 127.0.0.1, per
// transport (graphql-ws, graphql-sse): events reach `data` and the cache in order; StrictMode's double
// mount leaves one connection; unmounting, new variables or `enabled: false` close it (the mock sees it
// closed); a token that expires mid-subscription is crossed with no gap and one /v1/auth per renewal.
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import {
  AuthClientProvider,
  type AuthEvent,
  graphqlSubscriptionOptions,
  graphqlSubscriptions,
  useAuthClient,
  useGraphQLSubscription,
} from 'graphql-jwt-auth-react';
import { pentestTopic } from '../../mock-service/index.ts';
import { clientFor, type Running, startService } from '../support/fixtures.js';
import { renderWithAuth, testQueryClient } from '../support/render.js';
import { type StateChange, StateChangesDocument } from '../support/subscription-documents.js';

const SEQS = ['seqs'] as const;

/**
 * The `ws` package's WebSocket: jsdom's test globals mix realms (Node's WebSocket dispatching jsdom's
 * Event fails in the React 18 run), which no browser does.
 */
const subscriptionsOver = (transport: 'ws' | 'sse') =>
  graphqlSubscriptions({
    transport,
    load: () => (transport === 'ws' ? import('graphql-ws') : import('graphql-sse')),
    ...(transport === 'ws' ? { webSocketImpl: NodeWebSocket } : {}),
  });
const appendSeq = (previous: number[] | undefined, event: { pentestStateChanged: StateChange }) => [...(previous ?? []), event.pentestStateChanged.seq];
const bySeq = (event: { pentestStateChanged: StateChange }) => event.pentestStateChanged.seq;

const opIdOf = (running: Running, nth: number) => running.service.demo.store('us').pentests[nth]?.op_id ?? '';
const open = (running: Running) => running.service.subscriptionConnections.filter((connection) => connection.state === 'open');
/** Subscribed on the server: its events are listened for from here on. */
const subscribedOnServer = (running: Running) => open(running).some((connection) => connection.subscriptions > 0);
const LONG = { timeout: 20_000 };

function StateChanges({ opId, enabled = true }: { opId: string; enabled?: boolean }) {
  const { data, error, status } = useGraphQLSubscription(
    StateChangesDocument,
    { op_id: opId },
    { enabled, queryKey: SEQS, reduce: appendSeq, eventKey: bySeq },
  );
  return (
    <p aria-label="latest">
      {status} {data === undefined ? '-' : `${data.pentestStateChanged.op_id}#${String(data.pentestStateChanged.seq)}`} {error?.name}
    </p>
  );
}

const latestShown = () => screen.getByLabelText('latest').textContent;

describe.each(['ws', 'sse'] as const)('useGraphQLSubscription over %s', (transport) => {
  it('delivers every event in order into data and the cache, opens one connection under StrictMode, closes it on unmount', async () => {
    const running = await startService();
    const opId = opIdOf(running, 0);
    const { queryClient, unmount } = renderWithAuth(<StateChanges opId={opId} />, running, { subscriptions: subscriptionsOver(transport) });
    expect(latestShown()).toBe('pending - ');
    await waitFor(() => {
      expect(subscribedOnServer(running)).toBe(true);
    });
    const topic = pentestTopic('pentestStateChanged', opId);
    for (let i = 0; i < 5; i++) running.service.publish(topic);

    await waitFor(() => {
      expect(latestShown()).toBe(`receiving ${opId}#5 `);
    });
    expect(queryClient.getQueryData(SEQS)).toEqual([1, 2, 3, 4, 5]);
    // StrictMode mounted the hook twice: the first subscription was closed before it connected.
    expect(running.service.subscriptionConnections).toHaveLength(1);
    expect(running.service.authCalls).toHaveLength(1);

    unmount();
    await waitFor(() => {
      expect(running.service.subscriptionConnections.map((connection) => connection.state)).toEqual(['closed']);
    });
  });

  it('moves to a new subscription when the variables change, and closes it with enabled: false', async () => {
    const running = await startService();
    const [first, second] = [opIdOf(running, 0), opIdOf(running, 1)];
    const props = { subscriptions: subscriptionsOver(transport) };
    const { rerenderWith } = renderWithAuth(<StateChanges opId={first} />, running, props);
    await waitFor(() => {
      expect(subscribedOnServer(running)).toBe(true);
    });
    running.service.publish(pentestTopic('pentestStateChanged', first));
    await waitFor(() => {
      expect(latestShown()).toBe(`receiving ${first}#1 `);
    });

    rerenderWith({}, <StateChanges opId={second} />);
    // The first pentest's event is not the second's data.
    expect(latestShown()).toBe('pending - ');
    // Subscribed twice in all (on one WebSocket or on two streams), and only one connection still open.
    await waitFor(() => {
      expect(open(running)).toHaveLength(1);
      expect(running.service.subscriptionConnections.reduce((sum, connection) => sum + connection.subscriptions, 0)).toBe(2);
    });
    running.service.publish(pentestTopic('pentestStateChanged', first));
    running.service.publish(pentestTopic('pentestStateChanged', second));
    await waitFor(() => {
      expect(latestShown()).toBe(`receiving ${second}#1 `);
    });

    rerenderWith({}, <StateChanges opId={second} enabled={false} />);
    expect(latestShown()).toBe('idle - ');
    await waitFor(() => {
      expect(open(running)).toEqual([]);
    });
    running.service.publish(pentestTopic('pentestStateChanged', second));
    expect(latestShown()).toBe('idle - ');
  });

  it('crosses token renewals mid-subscription with no gap by seq, one /v1/auth per renewal', { timeout: 40_000 }, async () => {
    const running = await startService({ tokenLifetimeSec: 4 });
    const client = clientFor(running, { subscriptions: subscriptionsOver(transport) });
    const events: AuthEvent[] = [];
    const authCallsAtRenewal: number[] = [];
    client.onEvent((event) => {
      events.push(event);
      if (event.type === 'subscription-renewed') authCallsAtRenewal.push(running.service.authCalls.length);
    });
    const queryClient = testQueryClient();
    const { unmount } = render(
      <StrictMode>
        <AuthClientProvider client={client} queryClient={queryClient}>
          <StateChanges opId={opIdOf(running, 0)} />
        </AuthClientProvider>
      </StrictMode>,
    );
    await waitFor(() => {
      expect(subscribedOnServer(running)).toBe(true);
    });
    const stopEmitting = running.service.emitEvery(20);
    await waitFor(() => {
      expect(authCallsAtRenewal.length).toBeGreaterThanOrEqual(2);
    }, LONG);
    stopEmitting();
    const published = running.service.publish(pentestTopic('pentestStateChanged', opIdOf(running, 0)));
    await waitFor(() => {
      expect(queryClient.getQueryData<number[]>(SEQS)?.at(-1)).toBe(published);
    });

    expect(queryClient.getQueryData(SEQS)).toEqual(Array.from({ length: published }, (_, index) => index + 1));
    expect(authCallsAtRenewal.slice(0, 2)).toEqual([2, 3]);
    expect(events.filter((event) => event.type === 'subscription-renewed').map((event) => event.reason)).toEqual(authCallsAtRenewal.map(() => 'expiring'));
    expect(running.service.subscriptionConnections.filter((connection) => connection.endedForExpiry)).toEqual([]);
    unmount();
    await waitFor(() => {
      expect(open(running)).toEqual([]);
    });
  });
});

function StreamedSeqs({ opId }: { opId: string }) {
  const client = useAuthClient();
  const { data, status, fetchStatus } = useQuery(
    graphqlSubscriptionOptions(client, StateChangesDocument, { op_id: opId }, { reduce: appendSeq, initialValue: [] as number[], eventKey: bySeq }),
  );
  return <p aria-label="streamed">{`${status} ${fetchStatus} ${data?.join(',') ?? '-'}`}</p>;
}

describe.each(['ws', 'sse'] as const)('graphqlSubscriptionOptions with useQuery over %s', (transport) => {
  it('streams the events into the query, one connection under StrictMode, closed when the last observer goes', async () => {
    const running = await startService();
    const opId = opIdOf(running, 0);
    const { unmount } = renderWithAuth(<StreamedSeqs opId={opId} />, running, { subscriptions: subscriptionsOver(transport) });
    expect(screen.getByLabelText('streamed').textContent).toBe('pending fetching -');
    await waitFor(() => {
      expect(subscribedOnServer(running)).toBe(true);
    });
    for (let i = 0; i < 3; i++) running.service.publish(pentestTopic('pentestStateChanged', opId));

    await waitFor(() => {
      expect(screen.getByLabelText('streamed').textContent).toBe('success fetching 1,2,3');
    });
    expect(running.service.subscriptionConnections).toHaveLength(1);

    unmount();
    await waitFor(() => {
      expect(running.service.subscriptionConnections.map((connection) => connection.state)).toEqual(['closed']);
    });
  });
});

describe('useGraphQLSubscription without the subscriptions option', () => {
  it('reports the AuthConfigError as its status, and onError is told once, with nothing sent', async () => {
    const running = await startService();
    const told: Error[] = [];
    function Unconfigured() {
      const { error, status } = useGraphQLSubscription(StateChangesDocument, { op_id: 'x' }, { onError: (error) => told.push(error) });
      return <p aria-label="latest">{`${status} ${error?.name ?? '-'}`}</p>;
    }
    renderWithAuth(<Unconfigured />, running, {}, testQueryClient(), { strict: false });
    await waitFor(() => {
      expect(latestShown()).toBe('error AuthConfigError');
    });
    expect(told.map((error) => (error as Error & { code?: string }).code)).toEqual(['GJA_NO_SUBSCRIPTIONS']);
    expect(running.service.requests).toEqual([]);
  });

  it('graphqlSubscriptionOptions: the query fails with the same AuthConfigError, and the provider’s client carries no subscribe', async () => {
    const running = await startService();
    function Unconfigured() {
      const client = useAuthClient();
      const { error, status } = useQuery({
        ...graphqlSubscriptionOptions(client, StateChangesDocument, { op_id: 'x' }, { reduce: appendSeq, initialValue: [] as number[] }),
        retry: false,
      });
      const code = error === null ? '-' : ((error as Error & { code?: string }).code ?? error.name);
      // Nothing of subscriptions in a client made without the option: an app that never subscribes ships none of it.
      return <p aria-label="streamed">{`${status} ${code} ${typeof client.subscribe}`}</p>;
    }
    renderWithAuth(<Unconfigured />, running, {}, testQueryClient(), { strict: false });
    await waitFor(() => {
      expect(screen.getByLabelText('streamed').textContent).toBe('error GJA_NO_SUBSCRIPTIONS undefined');
    });
    expect(running.service.requests).toEqual([]);
  });
});
