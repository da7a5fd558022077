// A subscription through /core on React Native, the app sent to the background and back. While an app
// is suspended its JavaScript does not run (no timer fires) and the OS tears down its sockets; on
// 'active' the subscription reconnects at once through the client's appStateWake, with the token it
// holds while valid, and the events published meanwhile are missed (docs/live-data.md: no replay).
import { type AuthEvent, createAuthClient, graphqlSubscriptions } from 'graphql-jwt-auth-react/core';
import { appStateWake } from 'graphql-jwt-auth-react/native';
import * as graphqlWs from 'graphql-ws';
import { AppState } from 'react-native';
import { WebSocket as NodeWebSocket } from 'ws';
import { PentestsDocument } from '../support/app';
import { type MockBin, startMockBin } from '../support/mock-bin';

type StateChanged = { pentestStateChanged: { seq: number; state: string } };
const STATE_CHANGES = 'subscription StateChanges($op: String!) { pentestStateChanged(op_id: $op) { seq state } }';

/** React Native's AppState under jest never changes: the test moves it, through the listeners the app registered. */
function driveAppState() {
  const listeners = new Set<(state: string) => void>();
  jest.spyOn(AppState, 'addEventListener').mockImplementation((_type, listener) => {
    listeners.add(listener);
    return { remove: () => listeners.delete(listener) } as ReturnType<typeof AppState.addEventListener>;
  });
  return (state: string) => listeners.forEach((listener) => listener(state));
}

/**
 * React Native's WebSocket is a native module, absent under jest: the `ws` package's stands in for it,
 * counting the sockets the app opens so that the test can tear them down as the OS does.
 */
function deviceSockets() {
  const open = new Set<NodeWebSocket>();
  let opened = 0;
  class DeviceWebSocket extends NodeWebSocket {
    constructor(...args: ConstructorParameters<typeof NodeWebSocket>) {
      super(...args);
      opened += 1;
      open.add(this);
      this.on('close', () => open.delete(this));
    }
  }
  return { DeviceWebSocket, opened: () => opened, tearDown: () => open.forEach((socket) => socket.terminate()) };
}

/** Resolves once `check` holds, re-checked whenever `notify` is called: waits on events, never on timers (they are frozen below). */
function checks() {
  const waiting = new Set<() => void>();
  return {
    notify: () => waiting.forEach((recheck) => recheck()),
    until: (check: () => boolean) =>
      new Promise<void>((resolve) => {
        const recheck = () => {
          if (!check()) return;
          waiting.delete(recheck);
          resolve();
        };
        waiting.add(recheck);
        recheck();
      }),
  };
}

describe('a subscription while the app is in the background', () => {
  let mock: MockBin;
  afterEach(async () => {
    jest.useRealTimers();
    await mock.stop();
  });

  it('reconnects at once when the app is active again, with the token it holds; the events published while away are missed, not replayed', async () => {
    const setAppState = driveAppState();
    const device = deviceSockets();
    const { notify, until } = checks();
    mock = await startMockBin(['--event-interval', '100']);
    const subscriptions = (webSocketImpl: unknown) =>
      graphqlSubscriptions({
        transport: 'ws',
        // An app writes `load: () => import('graphql-ws')` (Metro splits it out); jest runs no dynamic
        // import without --experimental-vm-modules, so the test hands over the module it imported.
        load: () => Promise.resolve(graphqlWs),
        webSocketImpl,
      });
    const app = createAuthClient({
      apiKey: 'dev-key',
      region: 'us',
      regions: { us: mock.url },
      renewOnWake: appStateWake(AppState),
      subscriptions: subscriptions(device.DeviceWebSocket),
    });
    // Another device on the same pentest, in the foreground throughout: what the service published.
    const other = createAuthClient({
      apiKey: 'dev-key',
      region: 'us',
      regions: { us: mock.url },
      renewOnWake: false,
      subscriptions: subscriptions(NodeWebSocket),
    });
    const events: AuthEvent[] = [];
    app.onEvent((event) => {
      events.push(event);
      notify();
    });

    const opId = (await app.request(PentestsDocument, { page_size: 1 })).pentests_page.pentests[0]?.op_id ?? '';
    const received: number[] = [];
    const published: number[] = [];
    const failures: Error[] = [];
    const follow = (client: typeof app, into: number[]) =>
      client.subscribe<StateChanged, { op: string }>(
        STATE_CHANGES,
        { op: opId },
        {
          onData: ({ pentestStateChanged }) => {
            into.push(pentestStateChanged.seq);
            notify();
          },
          eventKey: ({ pentestStateChanged }) => pentestStateChanged.seq,
          onError: (error) => {
            failures.push(error);
            notify();
          },
        },
      );
    const stops = [follow(other, published), follow(app, received)];
    try {
      await until(() => received.length >= 3 || failures.length > 0);
      expect(failures).toEqual([]);
      console.log(
        'DBG1',
        received,
        published,
        failures,
        events.map((e) => e.type),
      );

      // Suspended: no timer runs (the reconnect's wait included), and the OS drops the app's socket.
      setAppState('background');
      jest.useFakeTimers({ doNotFake: ['Date', 'nextTick', 'setImmediate', 'queueMicrotask', 'performance', 'hrtime'] });
      const lastBefore = received.at(-1) ?? 0;
      device.tearDown();
      // The service goes on publishing: two events the app is not there for.
      await until(() => (published.at(-1) ?? 0) >= lastBefore + 2);
      expect(received.at(-1)).toBe(lastBefore);
      expect(device.opened()).toBe(1);

      jest.useRealTimers();
      setAppState('active');
      await until(() => received.filter((seq) => seq > lastBefore).length >= 2);
      const lastAfter = received.at(-1) ?? 0;
      await until(() => (published.at(-1) ?? 0) >= lastAfter);

      // One reconnect, one socket, on 'active': with the token it held (still valid), no /v1/auth for it.
      const renewed = events.filter((event) => event.type === 'subscription-renewed');
      expect(renewed).toEqual([expect.objectContaining({ reason: 'reconnected' })]);
      const [reconnect] = renewed;
      if (reconnect?.type !== 'subscription-renewed') throw new Error('no reconnect');
      expect(reconnect.tokenTag).toBe(reconnect.previousTokenTag);
      expect(device.opened()).toBe(2);
      expect(mock.authCalls()).toBe(2); // one per client

      // Every event from before, then a gap: exactly those published while away, then every event again.
      const resumedAt = received.findIndex((seq) => seq > lastBefore);
      const missed = published.filter((seq) => seq > lastBefore && seq < (received[resumedAt] ?? 0));
      expect(missed.length).toBeGreaterThanOrEqual(2);
      expect(received).toEqual(published.filter((seq) => seq >= (received[0] ?? 0) && seq <= lastAfter && !missed.includes(seq)));
      expect(failures).toEqual([]);
    } finally {
      stops.forEach((stop) => stop());
      app.dispose();
      other.dispose();
    }
  });
});
