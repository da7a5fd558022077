import type { CachedToken } from './token-cache.js';
import type { IssuedToken } from './token-source.js';

/**
 * What a shared source has handed its session, so no cache entry takes the session back in time. An
 * entry obtained before the newest token served here is older than one held: replayed by someone who
 * can write the store (an older sealed value opens as well as the current one), or left by a process
 * that renewed alone. Every token the session was refused was served here first, so this also keeps
 * out each refused token but the newest, which the caller names itself.
 */
export function servedTokens(now: () => number) {
  let newestObtainedAt = -Infinity;
  return {
    /** Records a token handed out (obtained when it says, or else when it was asked for) and returns it. */
    record(token: IssuedToken, requestedAt: number): IssuedToken {
      // A time past the clock (a writer's invention) counts as now, or it would shut out every entry.
      newestObtainedAt = Math.max(newestObtainedAt, Math.min(token.receivedAt ?? requestedAt, now()));
      return token;
    },
    isOlder: (entry: CachedToken): boolean => entry.obtainedAt < newestObtainedAt,
  };
}
