// @vitest-environment node
// Chaos for client.subscribe, per transport, against the mock's real servers on 127.0.0.1 behind a
// TCP proxy: subscription connections dropped at random (seeded: CHAOS_SEED replays a run, the seed is
// printed on failure), the service restarted, /v1/auth failing for a while with every token ended.
// Every subscription comes back once the service does, with counted reconnects and /v1/auth calls,
// its events in order and never twice, and nothing more happens once it is back: no loop.
import { type AuthEvent, createAuthClient, graphqlSubscriptions } from 'graphql-jwt-auth-react/core';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { pentestTopic } from '../../../mock-service/index.ts';
import { startChaosProxy } from '../../support/chaos-proxy.js';
import { createPrng } from '../../support/prng.js';
import { startMockService } from '../../support/serve.js';
import { readiness } from '../../support/until-ready.js';
import { loadTransportOf, ofType, STATE_CHANGES, type StateEvent } from './harness.js';

const SEED = Number(process.env.CHAOS_SEED ?? 48_2026);
/** Subscriptions of one client, each on its own pentest. */
const SUBSCRIPTIONS = 3;
const DROPS = 4;
/** /v1/auth answers 503 this many times in a row while every token has been ended. */
const AUTH_FAILURES = 3;
const EVENT_INTERVAL_MS = 50;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(['ws', 'sse'] as const)('client.subscribe over %s under chaos', (transport) => {
  it(
    'comes back from dropped connections, a restart and an auth outage: every subscription, with bounded reconnects and /v1/auth calls, no loop',
    { timeout: 120_000 },
    async () => {
      onTestFailed(() => {
        console.error(`chaos over ${transport}: seed ${String(SEED)} (CHAOS_SEED=${String(SEED)} replays it)`);
      });
      const prng = createPrng(SEED);
      const started = await startMockService({ tokenLifetimeSec: 3600 });
      const { service } = started;
      let closeService = started.close;
      cleanups.push(() => closeService());
      const port = Number(new URL(started.regions.us ?? '').port);
      const proxy = await startChaosProxy(port);
      cleanups.push(() => proxy.close());
      const client = createAuthClient({
        apiKey: 'test-key',
        region: 'us',
        regions: { us: proxy.url },
        subscriptions: graphqlSubscriptions({ transport, load: () => loadTransportOf(transport) }),
      });
      cleanups.push(() => {
        client.dispose();
      });

      // Waits are on what happens: each client event, each event received, each change the mock records.
      const { until, recheck } = readiness();
      const events: AuthEvent[] = [];
      cleanups.push(
        client.onEvent((event) => {
          events.push(event);
          recheck();
        }),
      );
      cleanups.push(service.subscribe(recheck));

      const opIds = service.demo
        .store('us')
        .pentests.slice(0, SUBSCRIPTIONS)
        .map((pentest) => pentest.op_id);
      const received = opIds.map((): number[] => []);
      const errors: Error[] = [];
      opIds.forEach((opId, index) => {
        cleanups.push(
          client.subscribe<StateEvent, { op: string }>(
            STATE_CHANGES,
            { op: opId },
            {
              onData: ({ pentestStateChanged }) => {
                received[index]?.push(pentestStateChanged.seq);
                recheck();
              },
              onError: (error) => {
                errors.push(error);
                recheck();
              },
            },
          ),
        );
      });
      cleanups.push(service.emitEvery(EVENT_INTERVAL_MS));
      expect(opIds.map((opId) => pentestTopic('pentestStateChanged', opId))).toHaveLength(SUBSCRIPTIONS);

      const lastSeqs = () => received.map((seqs) => seqs.at(-1) ?? 0);
      /** Every subscription receives `more` events it had not at the call: all of them are back. */
      const allReceive = async (more: number) => {
        const from = lastSeqs();
        await until(() => errors.length > 0 || received.every((seqs, index) => seqs.filter((seq) => seq > (from[index] ?? 0)).length >= more));
        expect(errors).toEqual([]);
      };
      const renewals = (reason: 'reconnected' | 'token-ended' | 'expiring') =>
        ofType(events, 'subscription-renewed').filter((event) => event.reason === reason).length;
      const subscriptionConnects = () => proxy.requests.ws + proxy.requests.sse;
      /** One WebSocket for the client's subscriptions with one token; an event stream each over SSE. */
      const connectionsWhenSettled = transport === 'ws' ? 1 : SUBSCRIPTIONS;

      await allReceive(2);
      expect(subscriptionConnects()).toBe(connectionsWhenSettled);

      // Connections dropped at random, one at a time, each after a random number of events.
      for (let drop = 1; drop <= DROPS; drop += 1) {
        await allReceive(prng.int(1, 3));
        const open = proxy.subscriptionConnections();
        expect(open).toHaveLength(connectionsWhenSettled);
        const reconnectsBefore = renewals('reconnected');
        const connectsBefore = subscriptionConnects();
        proxy.drop(prng.pick(open));
        // The subscriptions on it (all of them on the shared WebSocket, one event stream) connect again once each.
        const dropped = transport === 'ws' ? SUBSCRIPTIONS : 1;
        await until(() => renewals('reconnected') === reconnectsBefore + dropped);
        await allReceive(1);
        expect(renewals('reconnected')).toBe(reconnectsBefore + dropped);
        // The service was up: each reconnect made at its first try (over ws, subscriptions that find the new socket share it).
        expect(subscriptionConnects() - connectsBefore).toBeGreaterThanOrEqual(1);
        expect(subscriptionConnects() - connectsBefore).toBeLessThanOrEqual(dropped);
      }
      const reconnectsAfterDrops = renewals('reconnected');
      expect(reconnectsAfterDrops).toBe(DROPS * (transport === 'ws' ? SUBSCRIPTIONS : 1));

      // The service restarted: every connection ends; tries while it is down fail and wait again (1 s doubling, jittered).
      const connectsBeforeRestart = subscriptionConnects();
      await closeService();
      closeService = (await service.listen({ port })).close;
      await until(() => renewals('reconnected') === reconnectsAfterDrops + SUBSCRIPTIONS);
      await allReceive(1);
      expect(renewals('reconnected')).toBe(reconnectsAfterDrops + SUBSCRIPTIONS);
      // Each subscription tries at most 1 + retryAttempts (5) times before it gives up; none gave up.
      expect(subscriptionConnects() - connectsBeforeRestart).toBeLessThanOrEqual(SUBSCRIPTIONS * 6);
      expect(service.authCalls).toHaveLength(1);

      // /v1/auth fails for a while just as the service ends every token: one exchange per backoff step for the
      // whole client, then one token for all of them and one resubscribe each, with no connection meanwhile.
      service.failNextAuthCalls(AUTH_FAILURES, 503);
      const connectsBeforeOutage = subscriptionConnects();
      service.expireTokensNow();
      await until(() => errors.length > 0 || renewals('token-ended') === SUBSCRIPTIONS);
      await allReceive(1);
      expect(service.authCalls.map((call) => call.status)).toEqual([200, ...Array.from({ length: AUTH_FAILURES }, () => 503), 200]);
      expect(renewals('token-ended')).toBe(SUBSCRIPTIONS);
      expect(subscriptionConnects() - connectsBeforeOutage).toBeGreaterThanOrEqual(1);
      expect(subscriptionConnects() - connectsBeforeOutage).toBeLessThanOrEqual(SUBSCRIPTIONS);

      // Back, and nothing more: ten more events each, and not one more connection, renewal or /v1/auth call.
      const settled = { connects: subscriptionConnects(), renewed: ofType(events, 'subscription-renewed').length, auth: service.authCalls.length };
      await allReceive(10);
      expect({ connects: subscriptionConnects(), renewed: ofType(events, 'subscription-renewed').length, auth: service.authCalls.length }).toEqual(settled);
      expect(proxy.subscriptionConnections()).toHaveLength(connectionsWhenSettled);
      expect(ofType(events, 'subscription-end')).toEqual([]);
      expect(renewals('expiring')).toBe(0);
      // The service never saw a connection with a dead or refused token.
      expect(service.subscriptionConnections.filter((connection) => connection.state === 'expired' || connection.state === 'refused')).toEqual([]);
      // Each subscription's events in order and never twice; the ones published while it was away are missed (no replay).
      for (const seqs of received) expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    },
  );
});
