import type { StoreApi } from 'zustand/vanilla';
import type { DevtoolsOption } from '../browser/devtools.js';
import type { TabSync, TabSyncOption } from '../browser/tab-sync.js';
import type { SharedSession } from '../session/shared-session.js';
import type { TokenSession } from '../session/token-session.js';
import type { AuthState } from '../session/auth-state.js';
import type { WakeWatcher } from '../browser/wake.js';
import { type AuthEvents, tokenTag } from '../session/auth-events.js';

export interface BackgroundOptions {
  store: StoreApi<AuthState>;
  session: TokenSession;
  identityId: string;
  tabSync: TabSyncOption | undefined;
  devtools: DevtoolsOption | undefined;
  /** None when renewOnWake is off. */
  wake: WakeWatcher | null | undefined;
  acceptsRegion: (region: string) => boolean;
  /** The client's clock: a session another tab shares must be valid by it. */
  now: () => number;
  /** How long one renewal may take (authTimeoutMs): a tab waits no longer for another tab's. */
  renewalMs: number;
  /** Owned by its creator from the start (createAuthClient), or only while retained (a provider's). */
  selfOwned: boolean;
  /** Nothing may start: the options were bad. */
  inert: boolean;
  /** Called after a sign-out this client received from another tab. */
  onSignedOutElsewhere: () => void;
  /** Told of each token taken from another tab. */
  events: AuthEvents;
  /** Writes what a non-owned client obtained to storage, once an owner holds it. */
  flushStorage: () => void;
}

export interface Background {
  /** Holds the client: background work runs while at least one owner does. Returns the release. */
  retain: () => () => void;
  /** A request or refresh: an owned client starts its listeners on first use. */
  touch: () => void;
  /** Whether an owner holds the client: renewal timers and storage writes depend on it. */
  isOwned: () => boolean;
  coordinate: <T>(task: () => Promise<T>) => Promise<T>;
  publishSession: (session: SharedSession) => void;
  publishSignOut: () => void;
  dispose: () => void;
}

/**
 * The work a client does on its own: the renewal timer, wake listeners, the tab channel, DevTools
 * and storage writes. It runs only while an owner holds the client, so a client that React made
 * and threw away, or one made during server rendering, leaves nothing behind.
 */
export function createBackground(options: BackgroundOptions): Background {
  const { session } = options;
  let owners = options.selfOwned ? 1 : 0;
  let disposed = false;
  let tabs: TabSync | null = null;
  let stop: (() => void) | null = null;

  function start(): void {
    if (stop !== null || disposed || owners === 0 || options.inert) return;
    tabs =
      options.tabSync?.connect(
        options.identityId,
        {
          onSession(shared) {
            const taken = session.offer(shared, options.acceptsRegion);
            if (taken) options.events.emit({ type: 'token-adopted', from: 'tab', tokenTag: tokenTag(shared.token), expiresAt: shared.expiresAt });
            return taken;
          },
          onSignOut: options.onSignedOutElsewhere,
          currentSession: session.shareable,
        },
        options.now,
        options.renewalMs,
      ) ?? null;
    const stopWatchingWake = options.wake?.watch(session.wake) ?? (() => undefined);
    const disconnectDevtools = options.devtools?.connect(options.store) ?? (() => undefined); // the token is redacted there
    stop = () => {
      tabs?.close();
      tabs = null;
      stopWatchingWake();
      disconnectDevtools();
    };
  }

  function halt(): void {
    stop?.();
    stop = null;
    session.scheduleRenewal(); // disarms: nobody owns the client
  }

  const isOwned = () => owners > 0 && !disposed;

  return {
    retain() {
      if (disposed) return () => undefined;
      owners += 1;
      start();
      session.scheduleRenewal();
      options.flushStorage();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        owners -= 1;
        if (owners === 0) halt();
      };
    },
    touch: start,
    isOwned,
    coordinate: (task) => (tabs ? tabs.exclusive(task) : task()),
    publishSession(shared) {
      tabs?.publishSession(shared);
    },
    publishSignOut() {
      tabs?.publishSignOut();
    },
    dispose() {
      disposed = true;
      owners = 0;
      halt();
      session.dispose();
    },
  };
}
