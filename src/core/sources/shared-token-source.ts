import { type AuthNetworkError, AuthServerError } from '../errors/index.js';
import { isTransientAuthError } from '../wire/transient.js';
import { heldOffFailure, MAX_HOLD_OFF_MS } from './farm-hold-off.js';
import { guardTokenCache, TokenCacheUnavailable } from './guarded-token-cache.js';
import type { AuthHoldOff, CachedToken, TokenCache } from './token-cache.js';
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
  /**
   * The session's outage backoff: how long no one asks `/v1/auth` after the `failures`-th failed
   * exchange in a row (full jitter, Retry-After the floor). Where the cache keeps a hold-off, the
   * lease holder draws it once for the whole farm.
   */
  outageWaitMs: (failures: number, error: AuthServerError | AuthNetworkError) => number;
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
export function sharedTokenSource({
  inner,
  cache,
  identity,
  now,
  marginMs,
  acceptsRegion,
  outageWaitMs,
  log = console.warn,
  labels,
}: SharedTokenSourceOptions): TokenSource {
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
  const holdOffs = store.holdOffs;

  /**
   * The farm's outage hold-off. While it runs, the failure another process met is thrown, told what
   * is left of it; once over, the last one stored is returned, so the next failure takes the next
   * step. One set to run longer than any process sets one is no process's (a stray or hostile
   * writer's, as an overlong lease is) and is not honoured: it cannot park the farm.
   */
  async function heldOff(): Promise<AuthHoldOff | null> {
    if (holdOffs === null) return null;
    const holdOff = await holdOffs.read(await identityKnown);
    const leftMs = holdOff === null ? 0 : Math.ceil(holdOff.until - now());
    if (leftMs > MAX_HOLD_OFF_MS) return null;
    if (holdOff !== null && leftMs > 0) throw heldOffFailure(holdOff, leftMs, inner.toAuthError);
    return holdOff;
  }

  /**
   * Tells the farm of a failed exchange before the lease is released: the others answer it until
   * the deadline instead of asking, and one process asks after it. The wait is drawn here once for
   * the farm, so every process's callers are told the same deadline. `seen` obtained after the last
   * hold-off ended means the service answered since: the steps start again.
   */
  async function shareFailure(error: unknown, seen: CachedToken | null, last: AuthHoldOff | null): Promise<unknown> {
    if (holdOffs === null || !isTransientAuthError(error)) return error;
    const failures = last !== null && (seen === null || seen.obtainedAt <= last.until) ? last.failures + 1 : 1;
    const waitMs = outageWaitMs(failures, error);
    const holdOff = { until: now() + waitMs, failures, status: error instanceof AuthServerError ? error.status : 0 };
    try {
      // Kept past its deadline, so the failure after it is counted as the next step.
      await holdOffs.write(await identityKnown, holdOff, waitMs + MAX_HOLD_OFF_MS);
    } catch (cacheError) {
      if (!(cacheError instanceof TokenCacheUnavailable)) throw cacheError;
    }
    return error.withRetryIn(waitMs);
  }

  /** Fresh enough to hand out: not the refused token nor older than one served, of a region this process knows, and not yet due for renewal. */
  const isFresh = (entry: CachedToken | null, refused: string | null): entry is CachedToken =>
    entry !== null &&
    entry.token !== refused &&
    !served.isOlder(entry) &&
    acceptsRegion(entry.region) &&
    now() < entry.expiresAt - Math.min(marginMs, (entry.expiresAt - entry.obtainedAt) / 2);

  /** Renews at the service and shares the result, unless someone else replaced `seen` meanwhile. */
  async function renewAndShare(seen: CachedToken | null, last: AuthHoldOff | null, refused: string | null, why?: ExchangeReason): Promise<IssuedToken> {
    const requestedAt = now();
    let fresh: IssuedToken;
    try {
      fresh = await inner.obtain(refused, why);
    } catch (error) {
      throw await shareFailure(error, seen, last);
    }
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
      // Someone may have renewed, or failed and set a hold-off, between the last read and the lease.
      const current = await mine.read();
      return isFresh(current, refused) ? handedOver(current) : await renewAndShare(current, await heldOff(), refused, why);
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
      // The holder may have failed: its failure is answered at once, not waited out and asked again.
      const last = await heldOff();
      if (Date.now() >= giveUpAt) return renewAndShare(seen, last, refused, why);
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
