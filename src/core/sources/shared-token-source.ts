import { guardTokenCache, TokenCacheUnavailable } from './guarded-token-cache.js';
import type { CachedToken, TokenCache } from './token-cache.js';
import { servedTokens } from './served-tokens.js';
import { readTokenExpiry } from './token-expiry.js';
import type { ExchangeReason, IssuedToken, TokenSource } from './token-source.js';
import type { Labels } from '../wire/telemetry.js';

/** As long as a renewal takes on a slow day: past it a cache counts as down (see guardTokenCache). */
export const DEFAULT_CACHE_CALL_TIMEOUT_MS = 5_000;
export const DEFAULT_LEASE_MS = 10_000;
export const DEFAULT_POLL_MS = 50;

export interface SharedTokenSourceOptions {
  /** Where tokens really come from (the `/v1/auth` exchange). */
  inner: TokenSource;
  cache: TokenCache;
  /**
   * What the entry is kept under: a SHA-256 of the API key and the URLs (a cache keys it further
   * under its own secret). A promise, since Web Crypto digests asynchronously.
   */
  identity: string | Promise<string>;
  now: () => number;
  marginMs: number;
  /**
   * Whether this process can use a token of that region. The identity tags the key and the URLs, not
   * the region names, so a process that names its regions otherwise (a rename during a rolling
   * deploy) shares the entry: its tokens are treated as no entry, as stored and tab-shared ones are.
   */
  acceptsRegion: (region: string) => boolean;
  log?: (message: string) => void;
  /** Added to the cache's spans and counts (a server's tenant label). */
  labels?: Labels | undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const issued = ({ token, region, expiresAt, obtainedAt }: CachedToken): IssuedToken => ({ token, region, expiresAt, receivedAt: obtainedAt });
/** Another process's token, taken from the cache without asking the service. */
const handedOver = (entry: CachedToken): IssuedToken => ({ ...issued(entry), secondHand: true });

/**
 * L2 behind the session's L1: a process that needs a token takes the shared one when it is fresh;
 * when it is due, missing or the one refused, one process takes the lease and renews while the
 * others wait for its entry (bounded: after `waitTimeoutMs` they renew themselves). A refused token
 * is replaced only while the cache still holds it (compare-and-set), so however many processes
 * report one expiry, the service is asked once. When the cache fails, the process renews on its own
 * (the session's single flight) and asks the cache again at its next renewal.
 */
export function sharedTokenSource({ inner, cache, identity, now, marginMs, acceptsRegion, log = console.warn, labels }: SharedTokenSourceOptions): TokenSource {
  const timing = cache.timing ?? {};
  const leaseMs = timing.leaseMs ?? DEFAULT_LEASE_MS;
  const waitTimeoutMs = timing.waitTimeoutMs ?? leaseMs + 5_000;
  const pollMs = timing.pollMs ?? DEFAULT_POLL_MS;
  const store = guardTokenCache(cache, timing.callTimeoutMs ?? DEFAULT_CACHE_CALL_TIMEOUT_MS, log, labels);
  const owner = globalThis.crypto.randomUUID();
  const served = servedTokens(now);
  const identityKnown = Promise.resolve(identity);
  /** The cache's steps for this identity. */
  const mine = {
    read: async () => store.read(await identityKnown),
    write: async (entry: CachedToken, ttlMs: number) => store.write(await identityKnown, entry, ttlMs),
    compareAndSet: async (expected: string, entry: CachedToken, ttlMs: number) => store.compareAndSet(await identityKnown, expected, entry, ttlMs),
    takeLease: async () => store.takeLease(await identityKnown, owner, leaseMs),
    releaseLease: async () => store.releaseLease(await identityKnown, owner),
  };

  /** Fresh enough to hand out: not the refused token nor older than one served, of a region this process knows, and not yet due for renewal. */
  const isFresh = (entry: CachedToken | null, refused: string | null): entry is CachedToken =>
    entry !== null &&
    entry.token !== refused &&
    !served.isOlder(entry) &&
    acceptsRegion(entry.region) &&
    now() < entry.expiresAt - Math.min(marginMs, (entry.expiresAt - entry.obtainedAt) / 2);

  /** Renews at the service and shares the result, unless someone else replaced `seen` meanwhile. */
  async function renewAndShare(seen: CachedToken | null, refused: string | null, why?: ExchangeReason): Promise<IssuedToken> {
    const requestedAt = now();
    const fresh = await inner.obtain(refused, why);
    const entry = { ...fresh, obtainedAt: requestedAt, expiresAt: readTokenExpiry(fresh.token, requestedAt).expiresAt };
    const ttlMs = entry.expiresAt - now();
    if (ttlMs <= 0) return issued(entry);
    try {
      if (seen === null) await mine.write(entry, ttlMs);
      else if (!(await mine.compareAndSet(seen.token, entry, ttlMs))) {
        // Another process renewed first: take its token, so the farm holds one.
        const winner = await mine.read();
        // The entry seen lived out meanwhile: share this token, or every process renews once more.
        if (winner === null) await mine.write(entry, ttlMs);
        else if (isFresh(winner, refused)) return handedOver(winner);
      }
    } catch (error) {
      if (!(error instanceof TokenCacheUnavailable)) throw error;
    }
    return issued(entry);
  }

  async function renewUnderLease(refused: string | null, why?: ExchangeReason): Promise<IssuedToken> {
    try {
      // Someone may have renewed between the last read and the lease.
      const current = await mine.read();
      return isFresh(current, refused) ? handedOver(current) : await renewAndShare(current, refused, why);
    } finally {
      mine.releaseLease().catch(() => undefined); // it expires anyway
    }
  }

  async function obtainShared(refused: string | null, why?: ExchangeReason): Promise<IssuedToken> {
    const giveUpAt = Date.now() + waitTimeoutMs;
    let seen = await mine.read();
    for (;;) {
      if (isFresh(seen, refused)) return handedOver(seen);
      if (await mine.takeLease()) return renewUnderLease(refused, why);
      if (Date.now() >= giveUpAt) return renewAndShare(seen, refused, why);
      await sleep(pollMs);
      seen = await mine.read();
    }
  }

  return {
    async obtain(refused, why) {
      const requestedAt = now();
      try {
        return served.record(await obtainShared(refused, why), requestedAt);
      } catch (error) {
        if (!(error instanceof TokenCacheUnavailable)) throw error;
        return served.record(await inner.obtain(refused, why), requestedAt);
      }
    },
    toAuthError: inner.toAuthError,
    settledIn: inner.settledIn,
  };
}
