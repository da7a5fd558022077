/** A token as a cache shares it between the processes of one deployment. */
export interface CachedToken {
  token: string;
  /** Epoch ms after which the service refuses the token. */
  expiresAt: number;
  /** Epoch ms when it was obtained: its lifetime decides when it is due for renewal. */
  obtainedAt: number;
  /** The region whose GraphQL endpoint accepts it. */
  region: string;
}

/**
 * A failed `/v1/auth` exchange as the processes sharing a cache learn it: no process asks again
 * before `until`, each answers its callers the failure meanwhile. It holds nothing secret (no key,
 * token or message): a status and two numbers, each bounded when read back.
 */
export interface AuthHoldOff {
  /** Epoch ms before which no process of the farm asks `/v1/auth` again. */
  until: number;
  /** Failed exchanges in a row across the farm: the step of the backoff (its cap doubles per step). */
  failures: number;
  /** The status `/v1/auth` answered (5xx, 408, 429), or 0 when it could not be reached. */
  status: number;
}

/** How long the processes sharing a cache wait for one another; every field has a default. */
export interface TokenCacheTiming {
  /**
   * Each cache call that takes longer counts as a failed cache: the process renews on its own. A cache
   * that refuses or is not connected fails at once; this bounds one that does not answer. Default 5 s.
   */
  callTimeoutMs?: number;
  /** How long a renewal lease is held at most: a holder that dies frees it after this. */
  leaseMs?: number;
  /** How long a process waits for another's renewal before it renews itself. */
  waitTimeoutMs?: number;
  /** How often a waiting process looks for the new entry. */
  pollMs?: number;
}

/**
 * A token store shared by the processes that use one API key (containers, serverless functions,
 * a cluster), so they hold one token and make one `/v1/auth` call per renewal between them. Every
 * operation is one atomic step of the store (Redis: SET PX and Lua scripts for a bounded read, the lease and compare-and-set),
 * so no process ever reads a half-written entry or replaces a token it did not see.
 * `identity` is a SHA-256 of the API key and the URLs, never the key itself; a cache keys it further
 * (an HMAC under its own secret) before it names anything.
 */
export interface TokenCache {
  /** The entry for an identity, or null when there is none (or it cannot be read). */
  read: (identity: string) => Promise<CachedToken | null>;
  /** Stores an entry that lives `ttlMs`. */
  write: (identity: string, entry: CachedToken, ttlMs: number) => Promise<void>;
  /** Stores `entry` only if the current entry still holds `expected`; true if it did. */
  compareAndSet: (identity: string, expected: string, entry: CachedToken, ttlMs: number) => Promise<boolean>;
  /** Takes the renewal lease for `leaseMs` unless another owner holds it; true if taken. */
  takeLease: (identity: string, owner: string, leaseMs: number) => Promise<boolean>;
  /** Frees the lease if `owner` still holds it (a lease that expired may be someone else's now). */
  releaseLease: (identity: string, owner: string) => Promise<void>;
  /**
   * Optional, with `readHoldOff`: stores the farm's outage hold-off for `ttlMs` (longer than the
   * hold-off itself, so the next failure knows the step). A cache without both keeps each process's
   * own backoff: during an outage each process then asks `/v1/auth` once per step of its own.
   * Kept beside the lease, not in it: a lease lives `leaseMs` whatever the backoff drew, and a lease
   * held through a hold-off would have the others wait it out instead of answering at once.
   */
  holdOff?: (identity: string, holdOff: AuthHoldOff, ttlMs: number) => Promise<void>;
  /** The hold-off stored for an identity, or null (the caller validates and bounds it). */
  readHoldOff?: (identity: string) => Promise<AuthHoldOff | null>;
  timing?: TokenCacheTiming;
}

interface MemoryEntry<T> {
  value: T;
  until: number;
}

/**
 * A TokenCache in this process's memory: handlers of one process (a token handler and a proxy, say)
 * share one token through it. Nothing crosses the process edge; for that, use a shared store.
 */
export function memoryTokenCache(now: () => number = Date.now): TokenCache {
  const entries = new Map<string, MemoryEntry<CachedToken>>();
  const leases = new Map<string, MemoryEntry<string>>();
  const holdOffs = new Map<string, MemoryEntry<AuthHoldOff>>();
  const live = <T>(map: Map<string, MemoryEntry<T>>, key: string): T | null => {
    const found = map.get(key);
    if (found === undefined) return null;
    if (now() < found.until) return found.value;
    map.delete(key);
    return null;
  };
  return {
    read: (identity) => Promise.resolve(live(entries, identity)),
    write(identity, entry, ttlMs) {
      entries.set(identity, { value: entry, until: now() + ttlMs });
      return Promise.resolve();
    },
    compareAndSet(identity, expected, entry, ttlMs) {
      if (live(entries, identity)?.token !== expected) return Promise.resolve(false);
      entries.set(identity, { value: entry, until: now() + ttlMs });
      return Promise.resolve(true);
    },
    takeLease(identity, owner, leaseMs) {
      if (live(leases, identity) !== null) return Promise.resolve(false);
      leases.set(identity, { value: owner, until: now() + leaseMs });
      return Promise.resolve(true);
    },
    releaseLease(identity, owner) {
      if (live(leases, identity) === owner) leases.delete(identity);
      return Promise.resolve();
    },
    holdOff(identity, holdOff, ttlMs) {
      holdOffs.set(identity, { value: holdOff, until: now() + ttlMs });
      return Promise.resolve();
    },
    readHoldOff: (identity) => Promise.resolve(live(holdOffs, identity)),
  };
}
