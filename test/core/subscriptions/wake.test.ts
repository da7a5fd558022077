// @vitest-environment node
// The client's wake (its renewOnWake watcher: the page shown again, the network back, React Native's
// AppState 'active') reconnects a subscription that is waiting out a reconnect's wait, at once. A
// suspended app runs no timer: here the timers are frozen while the socket is lost, so only the wake
// can bring the subscription back (test/react-native runs the same under jest-expo with AppState).
import type { WakeWatcher } from 'graphql-jwt-auth-react/core';
import { afterEach, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { cleanUp, ofType, STATE_CHANGES, type StateEvent, subscribedHarness } from './harness.js';

afterEach(async () => {
  vi.useRealTimers();
  await cleanUp();
});

/** A wake watcher the test fires, as appStateWake(AppState) does on 'active'. */
function testWake() {
  const listeners = new Set<() => void>();
  const watcher: WakeWatcher = {
    kind: 'test',
    watch(onWake) {
      listeners.add(onWake);
      return () => listeners.delete(onWake);
    },
  };
  return {
    watcher,
    listeners,
    wake: () => {
      listeners.forEach((listener) => {
        listener();
      });
    },
  };
}

/** The `ws` package's WebSocket, counting the sockets the client opens so that the test can lose them, as a network does. */
function losableSockets() {
  const open = new Set<NodeWebSocket>();
  let opened = 0;
  class LosableWebSocket extends NodeWebSocket {
    constructor(...args: ConstructorParameters<typeof NodeWebSocket>) {
      super(...args);
      opened += 1;
      open.add(this);
      this.on('close', () => open.delete(this));
    }
  }
  /** Resolves once every socket is closed and the client has heard it (its close listeners run in the same turn). */
  const loseAll = () =>
    Promise.all(
      [...open].map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once('close', () => setImmediate(resolve));
            socket.terminate();
          }),
      ),
    );
  return { LosableWebSocket, opened: () => opened, loseAll };
}

it('a subscription that lost its connection while timers stood still connects at once on the wake, with the token it holds; its listener goes with it', async () => {
  const { watcher, listeners, wake } = testWake();
  const sockets = losableSockets();
  const { service, client, events, opId, until } = await subscribedHarness({ transport: 'ws', webSocketImpl: sockets.LosableWebSocket, renewOnWake: watcher });
  const seqs: number[] = [];
  const errors: Error[] = [];
  const unsubscribe = client.subscribe<StateEvent, { op: string }>(
    STATE_CHANGES,
    { op: opId },
    { onData: ({ pentestStateChanged }) => seqs.push(pentestStateChanged.seq), onError: (error) => errors.push(error) },
  );
  const stopEvents = service.emitEvery(50);
  try {
    await until(() => seqs.length >= 2);
    // The session's listener and the subscription's own.
    expect(listeners.size).toBe(2);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await sockets.loseAll();
    const lastBefore = seqs.at(-1) ?? 0;
    vi.useRealTimers();
    wake();
    await until(() => errors.length > 0 || (seqs.at(-1) ?? 0) > lastBefore);
  } finally {
    stopEvents();
  }

  expect(errors).toEqual([]);
  const renewed = ofType(events, 'subscription-renewed');
  expect(renewed.map(({ reason, tokenTag, previousTokenTag }) => ({ reason, same: tokenTag === previousTokenTag }))).toEqual([
    { reason: 'reconnected', same: true },
  ]);
  expect({ sockets: sockets.opened(), auth: service.authCalls.length }).toEqual({ sockets: 2, auth: 1 });
  unsubscribe();
  expect(listeners.size).toBe(1);
});
