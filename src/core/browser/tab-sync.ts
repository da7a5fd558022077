import type { SharedSession } from '../session/shared-session.js';
import { MAX_TIMER_DELAY_MS } from '../session/renewal-timer.js';
import { readReceivedSession } from './received-session.js';

type Message = { kind: 'session'; id: string; session: SharedSession } | { kind: 'sign-out'; id: string } | { kind: 'ask'; id: string };

export interface TabSyncHandlers {
  /** A token another tab obtained for the same identity; true if this tab took it (it was newer). */
  onSession: (session: SharedSession) => boolean;
  onSignOut: () => void;
  /** The session to hand a tab that just opened, if this tab has a usable one. */
  currentSession: () => SharedSession | null;
}

/** Tab sync as a client option, from `tabSync(name)`: opt-in, so an app of one tab does not ship it. */
export interface TabSyncOption {
  /** The BroadcastChannel's name: a provider makes a new client when it changes. */
  readonly channel: string;
  /** `renewalMs`: how long one renewal may take (the client's `authTimeoutMs`). */
  connect: (id: string, handlers: TabSyncHandlers, now: () => number, renewalMs: number) => TabSync | null;
}

export interface TabSync {
  /** Runs `task` while no other tab of this identity runs one: the lock around `/v1/auth`. */
  exclusive: <T>(task: () => Promise<T>) => Promise<T>;
  publishSession: (session: SharedSession) => void;
  publishSignOut: () => void;
  close: () => void;
}

// Without Web Locks (or when they refuse), tabs whose timers fire together stagger at random, so that
// most of them find the token another tab already shared by the time they would ask for one.
const NO_LOCK_STAGGER_MS = 250;
// A tab that waited for the lock lets the holder's token message arrive before asking itself: the
// lock grant and the message travel separately, in no promised order.
const HANDOVER_GRACE_MS = 150;
// A holder that can run releases the lock within one renewal: a hand-over grace, then its `/v1/auth`
// call, aborted after `renewalMs`; this slack covers a loaded machine's late timers. A longer wait
// means the holder cannot run (frozen by the browser, paused in a debugger, stuck on a long task); a
// wait cut shorter would put a second call beside a live holder whose auth server is merely slow, when
// extra calls hurt most. (Region discovery may try several regions in one renewal: a waiter then asks
// too, one call more, never a wrong token.)
const LOCK_WAIT_SLACK_MS = 1_000;

function readMessage(data: unknown, id: string, now: number): Message | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { kind?: unknown; id?: unknown; session?: unknown };
  // Other identities (another key or region set) share the channel name but never a token.
  if (message.id !== id) return null;
  if (message.kind === 'sign-out' || message.kind === 'ask') return { kind: message.kind, id };
  if (message.kind !== 'session') return null;
  // A garbled or forged token would break every request of this tab and be stored: checked as an answer is.
  const session = readReceivedSession(message.session, now);
  return session === null ? null : { kind: 'session', id, session };
}

/**
 * Shares one identity's token among the tabs of an app: BroadcastChannel carries tokens and
 * sign-outs, Web Locks make sure one tab at a time calls `/v1/auth`. Null where BroadcastChannel
 * is missing (server rendering, old browsers): the client then works alone, as without the option.
 */
export function createTabSync(channelName: string, id: string, handlers: TabSyncHandlers, now: () => number, renewalMs: number): TabSync | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(channelName);
  // Node's channel would keep a server-rendering process or a script alive.
  (channel as { unref?: () => void }).unref?.();
  let open = true;
  const post = (message: Message) => {
    if (open) channel.postMessage(message);
  };
  let sessionsAdopted = 0;
  /** Tabs waiting for a hand-over: each ends at the next token taken, at its grace period, or at close(). */
  const waiting = new Set<() => void>();
  const endWaits = () => {
    for (const done of [...waiting]) done();
  };
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = readMessage(event.data, id, now());
    if (message?.kind === 'session') {
      // Only a token this tab took counts: replies to 'ask' may still carry the token being replaced.
      if (!handlers.onSession(message.session)) return;
      sessionsAdopted += 1;
      endWaits();
    } else if (message?.kind === 'sign-out') handlers.onSignOut();
    else if (message?.kind === 'ask') {
      const session = handlers.currentSession();
      if (session !== null) post({ kind: 'session', id, session });
    }
  };
  post({ kind: 'ask', id });

  /** Resolves once a token is taken from another tab after `seen` were counted, or after the grace period. */
  const handover = (seen: number) =>
    new Promise<void>((resolve) => {
      if (sessionsAdopted > seen) {
        resolve();
        return;
      }
      const timeout = setTimeout(done, HANDOVER_GRACE_MS);
      function done() {
        clearTimeout(timeout);
        waiting.delete(done);
        resolve();
      }
      waiting.add(done);
    });

  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  const lockName = `${channelName}:${id}`;
  // A tab that just opened first gives the others a moment to answer its 'ask' with their token.
  const answered = handover(0);
  /** Without a lock, tabs whose timers fire together stagger at random. */
  async function unlocked<T>(task: () => Promise<T>): Promise<T> {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * NO_LOCK_STAGGER_MS));
    return task();
  }

  // authTimeoutMs may be setTimeout's longest delay: past it the timer would fire at once.
  const lockWaitMs = Math.min(renewalMs + HANDOVER_GRACE_MS + LOCK_WAIT_SLACK_MS, MAX_TIMER_DELAY_MS);
  /**
   * Runs `task` under the lock `name` if it is granted within lockWaitMs; null if it was not. The
   * lock manager's refusal (SecurityError in a sandboxed iframe) is thrown.
   */
  async function lockedWithin<T>(lockManager: LockManager, name: string, task: () => Promise<T>): Promise<{ result: T } | null> {
    const controller = new AbortController();
    const timeout = setTimeout(() => {
      controller.abort();
    }, lockWaitMs);
    const wait = { granted: false };
    try {
      return await lockManager.request(name, { signal: controller.signal }, async () => {
        wait.granted = true;
        clearTimeout(timeout);
        return { result: await task() };
      });
    } catch (error) {
      if (!wait.granted && controller.signal.aborted) return null;
      throw error;
    } finally {
      clearTimeout(timeout);
    }
  }

  async function exclusive<T>(task: () => Promise<T>): Promise<T> {
    await answered;
    if (!locks) return unlocked(task);
    const seen = sessionsAdopted;
    const attempt = { started: false };
    const run = () => {
      attempt.started = true;
      return task();
    };
    // A tab that waited lets the token of the tab it waited for arrive first: the task then takes it
    // instead of asking (the exchange looks at the store before it calls /v1/auth).
    const afterHandover = async () => {
      await handover(seen);
      return run();
    };
    try {
      // Uncontended: no other tab is renewing, so ask at once.
      const alone = await locks.request(lockName, { ifAvailable: true }, async (lock) => (lock ? { result: await run() } : null));
      if (alone) return alone.result;
      const queued = await lockedWithin(locks, lockName, afterHandover);
      if (queued) return queued.result;
      // The holder cannot run. The tabs that gave up on it renew one at a time under a second lock, so
      // a frozen tab costs one more call, not one per tab; the frozen tab's own renewal, if it ever
      // resumes, publishes a token too, and every tab keeps the newer (the session's `offer`, and its
      // exchange for a token that arrives after another tab's newer one).
      const bypassing = await lockedWithin(locks, `${lockName}:bypass`, afterHandover);
      if (bypassing) return bypassing.result;
      // The tab holding that lock cannot run either: this one goes on as a tab without Web Locks.
      return await unlocked(afterHandover);
    } catch (error) {
      if (attempt.started) throw error;
      // The lock manager refused (SecurityError in a sandboxed iframe): work as a tab without Web Locks.
      return unlocked(task);
    }
  }

  return {
    exclusive,
    publishSession: (session) => {
      post({ kind: 'session', id, session });
    },
    publishSignOut: () => {
      post({ kind: 'sign-out', id });
    },
    close: () => {
      open = false;
      channel.close();
      endWaits(); // no answer can arrive any more, and a pending grace timer would outlive the client
    },
  };
}

/**
 * Shares one token among the tabs of this app through a BroadcastChannel of this name: one tab
 * renews (under a Web Lock), the others receive the token; a sign-out signs out every tab. A tab
 * waits for the lock no longer than one renewal may take (the client's `authTimeoutMs` + 1.15 s):
 * past that its holder cannot be running. Pass it as the client's `tabSync` option.
 */
export function tabSync(channel: string): TabSyncOption {
  return { channel, connect: (id, handlers, now, renewalMs) => createTabSync(channel, id, handlers, now, renewalMs) };
}
