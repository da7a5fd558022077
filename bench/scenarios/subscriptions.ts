import { createAuthClient, graphqlSubscriptions } from '../../src/core/index.js';
import { createClient } from 'graphql-ws';
import { createDemoService, pentestTopic } from '../../test/support/mock-service.js';
import { BENCH_API_KEY } from '../support/service.js';
import { median, rotated, until } from '../support/stats.js';

export interface SubscriptionsRow {
  transport: 'ws';
  /** Events published per round. */
  events: number;
  rounds: number;
  /** Median events/s delivered to `onData` through `client.subscribe`. */
  oursPerSecond: number;
  /** Median events/s delivered to a bare graphql-ws client's sink, its token fetched by hand. */
  barePerSecond: number;
  /** Events published but never delivered, ours, all rounds together. */
  lost: number;
}

const QUERY = 'subscription ($op: String!) { pentestStateChanged(op_id: $op) { seq } }';
type Event = { pentestStateChanged: { seq: number } };

/** One subscriber's round: subscribe, publish `events` in batches, time until the last arrives. */
type Subscriber = (baseUrl: string, opId: string, onSeq: (seq: number) => void) => Promise<{ ready: () => boolean; stop: () => void }>;

const ours: Subscriber = (baseUrl, opId, onSeq) => {
  const client = createAuthClient({
    apiKey: BENCH_API_KEY,
    region: 'us',
    regions: { us: baseUrl },
    subscriptions: graphqlSubscriptions({ transport: 'ws', load: () => import('graphql-ws') }),
  });
  let started = false;
  client.onEvent((event) => {
    if (event.type === 'subscription-start') started = true;
  });
  const unsubscribe = client.subscribe<Event, { op: string }>(
    QUERY,
    { op: opId },
    {
      onData: (data) => {
        onSeq(data.pentestStateChanged.seq);
      },
    },
  );
  return Promise.resolve({
    ready: () => started,
    stop: () => {
      unsubscribe();
      client.dispose();
    },
  });
};

const bare: Subscriber = async (baseUrl, opId, onSeq) => {
  const answer = await fetch(`${baseUrl}/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: BENCH_API_KEY }),
  });
  const { token } = (await answer.json()) as { token: string };
  let started = false;
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/v1/graphql`,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    on: { connected: () => (started = true) },
  });
  const unsubscribe = client.subscribe<Event>(
    { query: QUERY, variables: { op: opId } },
    {
      next: (result) => {
        if (result.data) onSeq(result.data.pentestStateChanged.seq);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  return {
    ready: () => started,
    stop: () => {
      unsubscribe();
      Promise.resolve(client.dispose()).catch(() => undefined);
    },
  };
};

/**
 * Events/s through a subscription, ours against a bare graphql-ws client on the same mock (both over
 * WebSocket, one subscriber at a time, taking turns): what the token handling costs per event.
 */
export async function runSubscriptions(events = 20_000, rounds = 5): Promise<SubscriptionsRow[]> {
  const service = createDemoService({ apiKeys: [BENCH_API_KEY] });
  const { baseUrl, close } = await service.listen();
  const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
  const topic = pentestTopic('pentestStateChanged', opId);
  const rates = { ours: [] as number[], bare: [] as number[] };
  let lost = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [name, subscriber] of rotated(
        [
          ['ours', ours],
          ['bare', bare],
        ] as const,
        round,
      )) {
        const open = service.subscriptionConnections.filter((connection) => connection.state === 'open').length;
        let received = 0;
        let first = 0;
        let last = 0;
        const subscription = await subscriber(baseUrl, opId, (seq) => {
          received += 1;
          last = seq;
        });
        await until(
          () => subscription.ready() && service.subscriptionConnections.filter((c) => c.state === 'open' && c.subscriptions > 0).length > open,
          `${name} subscribed`,
        );
        const start = performance.now();
        for (let sent = 0; sent < events; sent++) {
          const seq = service.publish(topic, { op_id: opId, state: 'running', at: '' });
          if (sent === 0) first = seq;
          // Let the sockets drain between batches, as a server's event loop would.
          if (sent % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
        }
        await until(() => last >= first + events - 1, `${name} received every event`, 60_000);
        const seconds = (performance.now() - start) / 1000;
        rates[name].push(events / seconds);
        if (name === 'ours') lost += events - received;
        subscription.stop();
        await until(() => service.subscriptionConnections.every((connection) => connection.state !== 'open'), `${name} closed`);
      }
    }
  } finally {
    await close();
  }
  return [{ transport: 'ws', events, rounds, oursPerSecond: median(rates.ours), barePerSecond: median(rates.bare), lost }];
}
