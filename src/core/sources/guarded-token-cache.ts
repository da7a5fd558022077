import { count, inSpan, type Labels, TELEMETRY } from '../wire/telemetry.js';
import { isUsableToken } from './usable-token.js';
import { validHoldOff } from './farm-hold-off.js';
import type { AuthHoldOff, CachedToken, TokenCache } from './token-cache.js';

/** The cache failed, timed out or answered something unusable: the caller renews on its own. */
export class TokenCacheUnavailable extends Error {
  override name = 'TokenCacheUnavailable';
}

/**
 * An entry that can be sent as a header and reasoned about, or null. A garbled entry (a bug, a
 * foreign writer, a wrong encryption key) counts as no entry: it is never sent as a Bearer token.
 */
function validEntry(entry: unknown): CachedToken | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { token, expiresAt, obtainedAt, region } = entry as Record<string, unknown>;
  const times = typeof expiresAt === 'number' && typeof obtainedAt === 'number' && Number.isFinite(expiresAt) && obtainedAt < expiresAt;
  if (!isUsableToken(token) || !times || typeof region !== 'string' || region === '') return null;
  return { token, expiresAt, obtainedAt, region };
}

/**
 * What a cache failure says of itself, for the one line logged when the cache goes away: its name and
 * its message, since the name alone often says nothing (node-redis names most of its errors `Error`).
 * The logger it goes to makes it printable and bounds it.
 */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return 'failure';
  return error.message === '' ? error.name : `${error.name}: ${error.message}`;
}

export type GuardedTokenCache = Required<Omit<TokenCache, 'timing' | 'holdOff' | 'readHoldOff'>> & {
  /** The farm's outage hold-off, or null where the cache keeps none (each process backs off alone). */
  holdOffs: {
    read: (identity: string) => Promise<AuthHoldOff | null>;
    write: (identity: string, holdOff: AuthHoldOff, ttlMs: number) => Promise<void>;
  } | null;
};

/**
 * How long a call is given once a call has gone unanswered for its whole bound: a cache that hangs
 * (a dropped route, a blocked server) then costs each renewal this, not the full bound, until it
 * answers again.
 */
export const HUNG_CACHE_CALL_TIMEOUT_MS = 250;

/**
 * The cache as the shared source uses it: every call bounded, every failure one
 * `TokenCacheUnavailable`, and one log line when the cache goes away and one when it is back, not
 * one per request. Slow is not down: a cache that answers errors (refused, not connected) fails at
 * once by itself, so a call still pending is awaited up to `callTimeoutMs`, as long as a renewal may
 * take; renewing alone sooner would cost the farm a second `/v1/auth` whenever the machine is busy.
 * Only a cache that let a call run out its bound is treated as hanging, and given
 * HUNG_CACHE_CALL_TIMEOUT_MS until any call, even one given up on, answers.
 */
export function guardTokenCache(cache: TokenCache, callTimeoutMs: number, log: (message: string) => void, labels?: Labels): GuardedTokenCache {
  let state: 'up' | 'failing' | 'hanging' = 'up';

  function settle(next: typeof state, error?: unknown): void {
    if (state === 'up' && next !== 'up') {
      count(TELEMETRY.cacheDegradations, labels?.());
      log(`graphql-jwt-auth-react: the token cache is unavailable (${failureOf(error)}); each process renews its own token until it is back`);
    }
    if (state !== 'up' && next === 'up') log('graphql-jwt-auth-react: the token cache is back; processes share one token again');
    state = next;
  }

  /** One cache call, in a span saying what it came to: hit, miss, lease, held, done or degraded. */
  function guarded<T>(operation: string, call: () => Promise<T>, result: (value: T) => string): Promise<T> {
    return inSpan(
      TELEMETRY.cacheSpan,
      { 'graphql_jwt_auth.cache.operation': operation, ...labels?.() },
      () => bounded(call),
      ({ value, error }) => ({
        'graphql_jwt_auth.cache.result': error === undefined ? result(value as T) : 'degraded',
      }),
    );
  }

  async function bounded<T>(call: () => Promise<T>): Promise<T> {
    const limitMs = state === 'hanging' ? Math.min(callTimeoutMs, HUNG_CACHE_CALL_TIMEOUT_MS) : callTimeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unanswered = new TokenCacheUnavailable(`no answer within ${limitMs} ms`);
    const timeout = new Promise<never>((_, reject) => {
      // The second hop lets an answer that arrived while this process was busy be read first: a
      // loaded event loop is not a slow cache.
      timer = setTimeout(() => {
        timer = setTimeout(() => {
          reject(unanswered);
        }, 0);
      }, limitMs);
    });
    const answer = call();
    try {
      const result = await Promise.race([answer, timeout]);
      settle('up');
      return result;
    } catch (error) {
      const hung = error === unanswered;
      settle(hung ? 'hanging' : 'failing', error);
      // A late answer shows the cache answers: the next call gets the full bound again.
      if (hung) {
        answer.then(
          () => {
            if (state === 'hanging') settle('up');
          },
          () => undefined,
        );
      }
      throw error instanceof TokenCacheUnavailable ? error : new TokenCacheUnavailable('the token cache failed', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  const { holdOff, readHoldOff } = cache;
  return {
    holdOffs:
      holdOff === undefined || readHoldOff === undefined
        ? null
        : {
            read: (identity) =>
              guarded(
                'readHoldOff',
                async () => validHoldOff(await readHoldOff.call(cache, identity)),
                (found) => (found === null ? 'miss' : 'hit'),
              ),
            write: (identity, value, ttlMs) =>
              guarded(
                'holdOff',
                () => holdOff.call(cache, identity, value, ttlMs),
                () => 'done',
              ),
          },
    read: (identity) =>
      guarded(
        'read',
        async () => validEntry(await cache.read(identity)),
        (entry) => (entry === null ? 'miss' : 'hit'),
      ),
    write: (identity, entry, ttlMs) =>
      guarded(
        'write',
        () => cache.write(identity, entry, ttlMs),
        () => 'done',
      ),
    compareAndSet: (identity, expected, entry, ttlMs) =>
      guarded(
        'compareAndSet',
        () => cache.compareAndSet(identity, expected, entry, ttlMs),
        (set) => (set ? 'done' : 'lost'),
      ),
    takeLease: (identity, owner, leaseMs) =>
      guarded(
        'takeLease',
        () => cache.takeLease(identity, owner, leaseMs),
        (taken) => (taken ? 'lease' : 'held'),
      ),
    releaseLease: (identity, owner) =>
      guarded(
        'releaseLease',
        () => cache.releaseLease(identity, owner),
        () => 'done',
      ),
  };
}
