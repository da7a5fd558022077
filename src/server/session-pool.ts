import type { HandlerStatus, PoolStatus, TenantCredentials } from './options.js';
import type { OpenSession, UpstreamSession } from './upstream-session.js';

interface Held {
  session: UpstreamSession;
  /** A request used the session since its token was obtained (or its timer last fired). */
  used: boolean;
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
 * One session per (key, region), at most `maxSessions`, keyed by the credentials the app's resolver
 * gave (in full: a hash of them could be two tenants'), never by anything the browser sent. A tenant
 * nobody asks for costs no timer: when its renewal falls due with no request since its token came,
 * its timer stops and its token lapses; its next request finds the token due and renews on demand
 * (one `/v1/auth`, none while a shared cache holds it), and the token that brings arms the timer again.
 */
export function sessionPool(maxSessions: number, open: OpenSession): SessionPool {
  // A Map iterates in insertion order: re-inserting on each use keeps the least recently used first.
  const held = new Map<string, Held>();

  function drop(material: string, entry: Held): void {
    held.delete(material);
    entry.session.parts.client.dispose();
  }

  function opened(credentials: TenantCredentials): Held {
    const renewsWhenDue = () => {
      const go = entry.used;
      entry.used = false;
      return go;
    };
    const entry: Held = { session: open(credentials, renewsWhenDue), used: false };
    entry.session.parts.client.store.subscribe((state, previous) => {
      if (state.token !== previous.token) entry.used = false;
    });
    return entry;
  }

  return {
    sessionFor(credentials) {
      const material = materialOf(credentials);
      let entry = held.get(material);
      if (entry === undefined) entry = opened(credentials);
      else held.delete(material);
      held.set(material, entry);
      for (const [oldest, stale] of held) {
        if (held.size <= maxSessions) break;
        drop(oldest, stale);
      }
      entry.used = true;
      return entry.session;
    },
    status() {
      const counts: PoolStatus = { sessions: held.size, ok: 0, degraded: 0, failing: 0 };
      for (const { session } of held.values()) counts[session.status().state] += 1;
      return counts;
    },
    statusOf: (credentials) => held.get(materialOf(credentials))?.session.status() ?? null,
    async refresh() {
      // The outcomes are the statuses; a caller polling readiness reads them there.
      await Promise.all([...held.values()].map(({ session }) => session.parts.client.refresh().catch(() => undefined)));
    },
    dispose() {
      for (const [material, entry] of held) drop(material, entry);
    },
  };
}
