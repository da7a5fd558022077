// A client subscribed through the public entries to the demo mock on 127.0.0.1, with what the tests
// wait on: the client's events and the mock's records, never a fixed sleep.
import {
  type CoreAuthClient,
  type AuthEvent,
  createAuthClient,
  graphqlSubscriptions,
  type SubscriptionsOptions,
  type WakeWatcher,
} from 'graphql-jwt-auth-react/core';
import { pentestTopic } from '../../../mock-service/index.ts';
import { startMockService } from '../../support/serve.js';
import { readiness } from '../../support/until-ready.js';

export const STATE_CHANGES = 'subscription StateChanges($op: String!) { pentestStateChanged(op_id: $op) { seq state } }';

export interface StateEvent {
  pentestStateChanged: { seq: number; state: string };
}

export interface Harness {
  readonly service: Awaited<ReturnType<typeof startMockService>>['service'];
  readonly client: CoreAuthClient;
  readonly events: AuthEvent[];
  readonly opId: string;
  readonly topic: string;
  /** Resolves once `ready()` holds, checked after each client event and each change the mock records. */
  until: (ready: () => boolean) => Promise<void>;
  /** Stops the mock's server, dropping every connection, and serves again on the same port. */
  restart: () => Promise<void>;
}

const cleanups: Array<() => Promise<void> | void> = [];

export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export async function subscribedHarness({
  tokenLifetimeSec = 3600,
  apiKey = 'test-key',
  renewOnWake,
  now,
  ...subscriptions
}: Partial<SubscriptionsOptions> & { tokenLifetimeSec?: number; apiKey?: string; renewOnWake?: WakeWatcher; now?: () => number }): Promise<Harness> {
  const { service, regions, close } = await startMockService({ tokenLifetimeSec });
  let closeServer = close;
  cleanups.push(() => closeServer());
  const port = Number(new URL(regions.us ?? '').port);
  const client = createAuthClient({
    apiKey,
    region: 'us',
    regions,
    ...(renewOnWake === undefined ? {} : { renewOnWake }),
    ...(now === undefined ? {} : { now }),
    // The library the transport names, unless the test hands its own `load`.
    subscriptions: graphqlSubscriptions({ transport: 'ws', load: () => loadTransportOf(subscriptions.transport ?? 'ws'), ...subscriptions }),
  });
  cleanups.push(() => {
    client.dispose();
  });
  // client.dispose() leaves subscriptions to their owners: the tests' are ended here, before the mock stops.
  const subscribe = client.subscribe;
  client.subscribe = (document, variables, handlers) => {
    const unsubscribe = subscribe(document, variables, handlers);
    cleanups.push(unsubscribe);
    return unsubscribe;
  };
  const events: AuthEvent[] = [];
  const { until, recheck } = readiness();
  // Checked at once and again after the listeners and callbacks of the same turn have run (onError
  // is told after the subscription-end event).
  const wake = () => {
    recheck();
    setTimeout(recheck);
  };
  cleanups.push(
    client.onEvent((event) => {
      events.push(event);
      wake();
    }),
  );
  cleanups.push(service.subscribe(wake));
  const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
  const restart = async () => {
    await closeServer();
    closeServer = (await service.listen({ port })).close;
  };
  return { service, client, events, opId, topic: pentestTopic('pentestStateChanged', opId), until, restart };
}

export const ofType = <T extends AuthEvent['type']>(events: readonly AuthEvent[], type: T) =>
  events.filter((event): event is Extract<AuthEvent, { type: T }> => event.type === type);

/** The transport library as an app imports it. */
export const loadTransportOf = (transport: 'ws' | 'sse'): Promise<unknown> => (transport === 'ws' ? import('graphql-ws') : import('graphql-sse'));
