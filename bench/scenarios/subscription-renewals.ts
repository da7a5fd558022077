/**
 * A subscription across renewals (issue 48), per transport, on the mock in the bench's process with
 * 2 s tokens: the events lost across 100 moves (make-before-break) against a client that renews by
 * hand (a new connection with a new token once the server ended the old one for its token), and the
 * time each move takes against one token round trip plus the subscribe of a bare client, measured
 * in the same run: one bare round after each move, while the subscription receives its events, so
 * both meet the same traffic and the same machine.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient as createSseClient } from 'graphql-sse';
import { createClient as createWsClient } from 'graphql-ws';
import { type AuthEvent, createAuthClient, graphqlSubscriptions } from '../../src/core/index.js';
import type { SubscriptionConnection } from '../../src/testing/index.js';
import { createDemoService, type DemoService, pentestTopic } from '../../test/support/mock-service.js';
import { fetchToken } from '../contenders/contender.js';
import { type ConnectionTimes, watchConnectionTimes } from '../support/connection-times.js';
import { BENCH_API_KEY } from '../support/service.js';
import { median, until } from '../support/stats.js';

type Transport = 'ws' | 'sse';

/**
 * The shortest lifetime the mock's tokens can have here: `iat` is whole seconds, so the client takes
 * a second off what `exp − iat` says (docs/choices.md, token lifetime) and moves at half of what is left. At 2 s
 * it moves 0.5 s after each token, while the server ends that token 1 to 2 s after issuing it; at 1 s
 * the server may end a token before the client moves.
 */
const TOKEN_LIFETIME_SEC = 2;
const RENEWALS = 100;
/** The by-hand client's renewals: each costs a token's whole life (the server ends it), so fewer. */
const BY_HAND_RENEWALS = 10;
/** One event every this many ms while the subscription runs (setInterval: later on a busy machine). */
const EMIT_EVERY_MS = 5;

const QUERY = 'subscription StateChanges($op: String!) { pentestStateChanged(op_id: $op) { seq } }';
type Event = { pentestStateChanged: { seq: number } };

export interface SubscriptionRenewalsRow {
  transport: Transport;
  tokenLifetimeSec: number;
  /** Moves before expiry ('expiring') the subscription made. */
  renewals: number;
  /** Any other renewal (the server ending a token, a lost connection): none when every move came in time. */
  otherRenewals: Array<'token-ended' | 'reconnected'>;
  /** Connections the mock ended for their token (4401, the expired message on the stream). */
  endedForExpiry: number;
  /**
   * The bench process's longest event-loop stall during the run, ms (the mock and the client share
   * it): a move starts 0.5 s before the mock may end its token, so a stall past that would end it
   * first. Told so that an other renewal can be told from a stall.
   */
  loopDelayMaxMs: number;
  /** /v1/auth calls: the first token and one per renewal. */
  authCalls: number;
  published: number;
  /** Events published while subscribed that `onData` never got. */
  lost: number;
  /** Events `onData` got twice (dropped by `eventKey` during each overlap: 0). */
  duplicates: number;
  seconds: number;
  /** Per move, ms from its start (the renewal's `exchange-start`) to the mock's record of the old connection closed: median and 95th percentile. */
  moveMs: number;
  moveP95Ms: number;
  /** Per move, ms from its start to the mock's record of the new connection's subscription: median. */
  madeMs: number;
  /**
   * A bare client (graphql-ws or graphql-sse): `/v1/auth`, connect and subscribe until the mock
   * records it, median over one round after each move (between moves, beside the subscription's events).
   */
  floorMs: number;
  /** The same events through a client that renews by hand after the server ends its token. */
  byHand: { renewals: number; published: number; lost: number; seconds: number };
}

const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
};

const urlOf = (baseUrl: string, transport: Transport) => (transport === 'ws' ? `${baseUrl.replace(/^http/, 'ws')}/v1/graphql` : `${baseUrl}/v1/graphql/stream`);

/** Publishes on `topic` every EMIT_EVERY_MS whether anyone is subscribed or not (the mock's own emitEvery skips a topic nobody listens to). */
function emitEvery(service: DemoService, topic: string): () => void {
  const timer = setInterval(() => service.publish(topic), EMIT_EVERY_MS);
  return () => {
    clearInterval(timer);
  };
}

/** Every seq from `first` to `last` that `received` lacks. */
const missing = (received: ReadonlySet<number>, first: number, last: number) => {
  let lost = 0;
  for (let seq = first; seq <= last; seq++) if (!received.has(seq)) lost += 1;
  return lost;
};

/** One subscription through `client.subscribe` until `renewals` moves, timing each. */
async function ours(service: DemoService, baseUrl: string, transport: Transport, opId: string, topic: string, renewals: number) {
  const times = watchConnectionTimes(service);
  const client = createAuthClient({
    apiKey: BENCH_API_KEY,
    region: 'us',
    regions: { us: baseUrl },
    subscriptions: graphqlSubscriptions({ transport, load: () => (transport === 'ws' ? import('graphql-ws') : import('graphql-sse')) }),
  });
  const events: AuthEvent[] = [];
  /** performance.now() of each renewal's start, by the tag of the token it brought. */
  const startOf = new Map<string, number>();
  let lastStart = 0;
  /** The floor, one bare round after each move: the next move is most of a token's half-life away. */
  const floorSpent: number[] = [];
  const floor: { round: Promise<void> | null } = { round: null };
  client.onEvent((event) => {
    events.push(event);
    if (event.type === 'exchange-start') lastStart = performance.now();
    if (event.type === 'exchange-end' && event.ok) startOf.set(event.tokenTag, lastStart);
    if (event.type === 'subscription-renewed' && floor.round === null && floorSpent.length < renewals) {
      floor.round = bareRound(service, baseUrl, transport, opId, times).then((spent) => {
        floorSpent.push(spent);
        floor.round = null;
      });
    }
  });
  const delivered: number[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const authBefore = service.authCalls.length;
  const connectionsBefore = service.subscriptionConnections.length;
  const start = performance.now();
  const unsubscribe = client.subscribe<Event, { op: string }>(
    QUERY,
    { op: opId },
    { onData: (data) => delivered.push(data.pentestStateChanged.seq), eventKey: (data) => data.pentestStateChanged.seq },
  );
  const renewed = () => events.filter((event): event is Extract<AuthEvent, { type: 'subscription-renewed' }> => event.type === 'subscription-renewed');
  // Started, and the operation is at the server: graphql-ws sends it once the connection is acknowledged.
  await until(
    () => events.some((event) => event.type === 'subscription-start') && service.subscriptionConnections.some((connection) => connection.subscriptions > 0),
    `${transport}: subscribed`,
  );
  const first = service.publish(topic);
  const stopEmitting = emitEvery(service, topic);
  await until(() => renewed().length >= renewals, `${transport}: ${String(renewals)} renewals`, renewals * 2_000);
  await floor.round;
  stopEmitting();
  const last = service.publish(topic);
  await until(() => delivered.includes(last), `${transport}: the last event`);
  const seconds = (performance.now() - start) / 1000;
  loopDelay.disable();
  unsubscribe();
  client.dispose();
  await until(() => service.subscriptionConnections.every((connection) => connection.state !== 'open'), `${transport}: closed`);
  times.stop();

  const byTag = new Map<string, SubscriptionConnection>(service.subscriptionConnections.map((connection) => [connection.tokenTag, connection]));
  const moves: number[] = [];
  const made: number[] = [];
  for (const event of renewed()) {
    if (event.reason !== 'expiring') continue;
    const began = startOf.get(event.tokenTag);
    const left = byTag.get(event.previousTokenTag);
    const taking = byTag.get(event.tokenTag);
    const closedAt = left && times.closedAt(left);
    const subscribedAt = taking && times.subscribedAt(taking);
    if (began === undefined || closedAt === undefined || subscribedAt === undefined) continue;
    moves.push(closedAt - began);
    made.push(subscribedAt - began);
  }
  const received = new Set(delivered);
  const reasons = renewed().map((event) => event.reason);
  return {
    renewals: reasons.filter((reason) => reason === 'expiring').length,
    otherRenewals: reasons.filter((reason) => reason !== 'expiring'),
    endedForExpiry: service.subscriptionConnections.slice(connectionsBefore).filter((connection) => connection.endedForExpiry).length,
    loopDelayMaxMs: loopDelay.max / 1e6,
    // The bare rounds' own tokens are not the subscription's.
    authCalls: service.authCalls.length - authBefore - floorSpent.length,
    published: last - first + 1,
    lost: missing(received, first, last),
    duplicates: delivered.length - received.size,
    seconds,
    moveMs: median(moves),
    moveP95Ms: percentile(moves, 0.95),
    madeMs: median(made),
    floorMs: median(floorSpent),
  };
}

interface Sink {
  next: (result: { data?: unknown }) => void;
  error: () => void;
  complete: () => void;
}

/** The operation through a bare graphql-ws or graphql-sse client given `token`, its own retries off; returns its dispose. */
function bareSubscribe(baseUrl: string, transport: Transport, token: string, opId: string, sink: Sink): () => void {
  const payload = { query: QUERY, variables: { op: opId } };
  if (transport === 'ws') {
    const client = createWsClient({ url: urlOf(baseUrl, 'ws'), connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
    const unsubscribe = client.subscribe(payload, sink);
    return () => {
      unsubscribe();
      Promise.resolve(client.dispose()).catch(() => undefined);
    };
  }
  const client = createSseClient({ url: urlOf(baseUrl, 'sse'), headers: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
  const unsubscribe = client.subscribe(payload, sink);
  return () => {
    unsubscribe();
    client.dispose();
  };
}

interface ByHand {
  renewals: () => number;
  /** Between the end of a connection and the start of the next (its token being fetched). */
  renewing: () => boolean;
  stop: () => void;
}

/**
 * The recipe without the library: a bare client with a token fetched by hand; when the server ends
 * it for its token (graphql-ws takes 4401 as fatal; graphql-sse's stream ends with the expired
 * message), a new token and a new client, subscribed again.
 */
function byHandClient(baseUrl: string, transport: Transport, opId: string, onSeq: (seq: number) => void): ByHand {
  let stopped = false;
  let renewing = true;
  let renewals = -1;
  let dispose: () => void = () => undefined;
  const sink = (again: () => void): Sink => ({
    next: (result) => {
      const data = result.data as Event | null | undefined;
      if (data) onSeq(data.pentestStateChanged.seq);
      else again();
    },
    error: again,
    complete: again,
  });
  const connect = async () => {
    if (stopped) return;
    renewals += 1;
    const token = await fetchToken(baseUrl, BENCH_API_KEY);
    let ended = false;
    const again = () => {
      if (ended) return;
      ended = true;
      renewing = true;
      dispose();
      void connect();
    };
    renewing = false;
    dispose = bareSubscribe(baseUrl, transport, token, opId, sink(again));
  };
  void connect();
  return {
    renewals: () => renewals,
    renewing: () => renewing,
    stop: () => {
      stopped = true;
      dispose();
    },
  };
}

async function byHand(service: DemoService, baseUrl: string, transport: Transport, opId: string, topic: string, renewals: number) {
  const delivered: number[] = [];
  const start = performance.now();
  const client = byHandClient(baseUrl, transport, opId, (seq) => delivered.push(seq));
  /** Its newest connection subscribed, and no renewal under way: an event published now has somewhere to go. */
  const subscribed = () => {
    const newest = service.subscriptionConnections.at(-1);
    return !client.renewing() && newest?.state === 'open' && newest.subscriptions > 0;
  };
  await until(subscribed, `${transport} by hand: subscribed`);
  const first = service.publish(topic);
  const stopEmitting = emitEvery(service, topic);
  await until(() => client.renewals() >= renewals, `${transport} by hand: renewals`, renewals * 4_000);
  // Its last connection subscribed, so that the last event has somewhere to go.
  await until(subscribed, `${transport} by hand: subscribed again`);
  stopEmitting();
  const last = service.publish(topic);
  await until(() => delivered.includes(last), `${transport} by hand: the last event`);
  const seconds = (performance.now() - start) / 1000;
  client.stop();
  await until(() => service.subscriptionConnections.every((connection) => connection.state !== 'open'), `${transport} by hand: closed`);
  return { renewals: client.renewals(), published: last - first + 1, lost: missing(new Set(delivered), first, last), seconds };
}

/**
 * One bare client's token round trip, connect and subscribe, until the mock records the
 * subscription: ms, the floor a move is held to. Disposed at once.
 */
async function bareRound(service: DemoService, baseUrl: string, transport: Transport, opId: string, times: ConnectionTimes): Promise<number> {
  const before = service.subscriptionConnections.length;
  const start = performance.now();
  const token = await fetchToken(baseUrl, BENCH_API_KEY);
  const dispose = bareSubscribe(baseUrl, transport, token, opId, { next: () => undefined, error: () => undefined, complete: () => undefined });
  const record = () => service.subscriptionConnections.slice(before).find((connection) => connection.tokenTag === service.tokenTag(token));
  await until(() => {
    const connection = record();
    return connection !== undefined && times.subscribedAt(connection) !== undefined;
  }, `${transport} floor: subscribed`);
  const spent = (times.subscribedAt(record() as SubscriptionConnection) ?? Number.NaN) - start;
  dispose();
  await until(() => record()?.state !== 'open', `${transport} floor: closed`);
  return spent;
}

export async function runSubscriptionRenewals(
  transports: readonly Transport[] = ['ws', 'sse'],
  { renewals = RENEWALS, byHandRenewals = BY_HAND_RENEWALS } = {},
): Promise<SubscriptionRenewalsRow[]> {
  const rows: SubscriptionRenewalsRow[] = [];
  for (const transport of transports) {
    const service = createDemoService({ apiKeys: [BENCH_API_KEY], tokenLifetimeSec: TOKEN_LIFETIME_SEC });
    const { baseUrl, close } = await service.listen();
    const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
    const topic = pentestTopic('pentestStateChanged', opId);
    try {
      const measured = await ours(service, baseUrl, transport, opId, topic, renewals);
      const byHandRow = await byHand(service, baseUrl, transport, opId, topic, byHandRenewals);
      rows.push({ transport, tokenLifetimeSec: TOKEN_LIFETIME_SEC, ...measured, byHand: byHandRow });
    } finally {
      await close();
    }
  }
  return rows;
}
