import { count, inSpan, TELEMETRY } from '../wire/telemetry.js';
import { isUsableToken } from './usable-token.js';
import type { CachedToken, TokenCache } from './token-cache.js';

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

export type GuardedTokenCache = Required<Omit<TokenCache, 'timing'>>;

/**
 * The cache as the shared source uses it: every call bounded by `callTimeoutMs`, every failure one
 * `TokenCacheUnavailable`, and one log line when the cache goes away and one when it is back, not
 * one per request.
 */
export function guardTokenCache(cache: TokenCache, callTimeoutMs: number, log: (message: string) => void): GuardedTokenCache {
  let available = true;

  /** One cache call, in a span saying what it came to: hit, miss, lease, held, done or degraded. */
  function guarded<T>(operation: string, call: () => Promise<T>, result: (value: T) => string): Promise<T> {
    return inSpan(TELEMETRY.cacheSpan, { 'graphql_jwt_auth.cache.operation': operation }, () => bounded(call), ({ value, error }) => ({
      'graphql_jwt_auth.cache.result': error === undefined ? result(value as T) : 'degraded',
    }));
  }

  async function bounded<T>(call: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      // The second hop lets an answer that arrived while this process was busy be read first: a
      // loaded event loop is not a slow cache.
      timer = setTimeout(() => {
        timer = setTimeout(() => {
          reject(new TokenCacheUnavailable(`no answer within ${callTimeoutMs} ms`));
        }, 0);
      }, callTimeoutMs);
    });
    try {
      const result = await Promise.race([call(), timeout]);
      if (!available) log('graphql-jwt-auth-react: the token cache is back; processes share one token again');
      available = true;
      return result;
    } catch (error) {
      if (available) count(TELEMETRY.cacheDegradations);
      if (available) log(`graphql-jwt-auth-react: the token cache is unavailable (${error instanceof Error ? error.name : 'failure'}); each process renews its own token until it is back`);
      available = false;
      throw error instanceof TokenCacheUnavailable ? error : new TokenCacheUnavailable('the token cache failed', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    read: (identity) => guarded('read', async () => validEntry(await cache.read(identity)), (entry) => (entry === null ? 'miss' : 'hit')),
    write: (identity, entry, ttlMs) => guarded('write', () => cache.write(identity, entry, ttlMs), () => 'done'),
    compareAndSet: (identity, expected, entry, ttlMs) => guarded('compareAndSet', () => cache.compareAndSet(identity, expected, entry, ttlMs), (set) => (set ? 'done' : 'lost')),
    takeLease: (identity, owner, leaseMs) => guarded('takeLease', () => cache.takeLease(identity, owner, leaseMs), (taken) => (taken ? 'lease' : 'held')),
    releaseLease: (identity, owner) => guarded('releaseLease', () => cache.releaseLease(identity, owner), () => 'done'),
  };
}
