import { fingerprint } from '../core/sources/fingerprint.js';
import type { HandlerStatus, PoolStatus, TenantCredentials } from './options.js';
import type { OpenSession, UpstreamSession } from './upstream-session.js';

interface Held {
  /** The credentials the session was opened with, compared in full: a tag two keys share never crosses. */
  material: string;
  session: UpstreamSession;
  /** A request used the session since its token was obtained (or its timer last fired). */
  used: boolean;
  /** Its timer fired with nobody asking since: no renewal is armed until the next request. */
  paused: boolean;
}

export interface SessionPool {
  /** The session for these credentials, opened when none is held; the least recently used beyond the bound is dropped. */
  sessionFor: (credentials: TenantCredentials) => UpstreamSession;
  status: () => PoolStatus;
  statusOf: (credentials: TenantCredentials) => HandlerStatus | null;
  refresh: () => Promise<void>;
  dispose: () => void;
}

const materialOf = ({ apiKey, region }: TenantCredentials) => JSON.stringify([apiKey, region]);

/**
 * One session per (key, region), at most `maxSessions`, keyed by a hash of the credentials the
 * app's resolver gave: never by anything the browser sent. A tenant nobody asks for costs no timer:
 * when its renewal falls due with no request since its token came, the session pauses and its token
 * lapses; its next request renews on demand (one `/v1/auth`, none while a shared cache holds it).
 */
export function sessionPool(maxSessions: number, open: OpenSession): SessionPool {
  // A Map iterates in insertion order: re-inserting on each use keeps the least recently used first.
  const held = new Map<string, Held>();

  function drop(id: string, entry: Held): void {
    held.delete(id);
    entry.session.parts.client.dispose();
  }

  function opened(credentials: TenantCredentials, material: string): Held {
    const renewsWhenDue = () => {
      const go = entry.used;
      entry.used = false;
      entry.paused = !go;
      return go;
    };
    const entry: Held = { material, session: open(credentials, renewsWhenDue), used: false, paused: false };
    entry.session.parts.client.store.subscribe((state, previous) => {
      if (state.token !== previous.token) entry.used = false;
    });
    return entry;
  }

  function find(credentials: TenantCredentials): Held | undefined {
    const material = materialOf(credentials);
    const entry = held.get(fingerprint(material));
    return entry?.material === material ? entry : undefined;
  }

  return {
    sessionFor(credentials) {
      const material = materialOf(credentials);
      const id = fingerprint(material);
      let entry = held.get(id);
      if (entry !== undefined && entry.material !== material) drop(id, entry);
      if (entry?.material === material) held.delete(id);
      else entry = opened(credentials, material);
      held.set(id, entry);
      for (const [oldest, stale] of held) {
        if (held.size <= maxSessions) break;
        drop(oldest, stale);
      }
      entry.used = true;
      if (entry.paused) {
        entry.paused = false;
        entry.session.parts.session.scheduleRenewal();
      }
      return entry.session;
    },
    status() {
      const counts: PoolStatus = { sessions: held.size, ok: 0, degraded: 0, failing: 0 };
      for (const { session } of held.values()) counts[session.status().state] += 1;
      return counts;
    },
    statusOf: (credentials) => find(credentials)?.session.status() ?? null,
    async refresh() {
      // The outcomes are the statuses; a caller polling readiness reads them there.
      await Promise.all([...held.values()].map(({ session }) => session.parts.client.refresh().catch(() => undefined)));
    },
    dispose() {
      for (const [id, entry] of held) drop(id, entry);
    },
  };
}
