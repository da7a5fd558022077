import { AuthError, AuthRequestError, type AuthNetworkError, type AuthServerError, InvalidApiKeyError } from '../core/errors/index.js';
import type { TokenSource } from '../core/sources/token-source.js';
import { isTransientAuthError } from '../core/wire/transient.js';

/**
 * How many identities' failures a handler remembers, the least recently failed forgotten first:
 * more tenants failing at once than a pool holds sessions for, and each record is a few hundred bytes.
 */
export const REMEMBERED_IDENTITIES = 1_024;

/** What `/v1/auth` last answered an identity's session, when that was a failure, and until when it stands. */
interface Remembered {
  /** The session's source that met it: it keeps its own backoff, and asks when that ends. */
  learnedBy: object;
  error: InvalidApiKeyError | AuthRequestError | AuthServerError | AuthNetworkError;
  until: number;
  /** Refusals, or outage failures, in a row: the step of the backoff the next one takes. */
  inARow: number;
}

const isRefusal = (error: unknown): error is InvalidApiKeyError | AuthRequestError => error instanceof InvalidApiKeyError || error instanceof AuthRequestError;
const kindOf = (error: AuthError) => (isRefusal(error) ? 'refused' : isTransientAuthError(error) ? 'outage' : null);

export interface FailureMemoryOptions {
  now: () => number;
  /** The waits after a refused key (the handlers' `recovery`), the last one repeated. */
  refusalWaits: readonly number[];
  /** The outage backoff's wait after the `failures`-th failure in a row (full jitter). */
  outageWaitMs: (failures: number, error: AuthServerError | AuthNetworkError) => number;
}

/**
 * A handler's record of the failures its sessions met, per identity, kept when the session pool drops
 * the session that learned them: a tenant's refused key or an outage of `/v1/auth` then costs at most
 * one call per backoff step however the pool churns (a dropped session's backoff went with it, and
 * 30 requests of a revoked tenant beyond `maxSessions` asked its key 30 times).
 */
export function failureMemory({ now, refusalWaits, outageWaitMs }: FailureMemoryOptions) {
  const records = new Map<string, Remembered>();

  function remember(identity: string, record: Remembered): void {
    records.delete(identity);
    records.set(identity, record);
    for (const [oldest] of records) {
      if (records.size <= REMEMBERED_IDENTITIES) break;
      records.delete(oldest);
    }
  }

  /**
   * `inner` (the `/v1/auth` exchange of one session of `identity`) answering, until a failure another
   * session of that identity met has been waited out, that failure instead of asking. `outages`:
   * whether outages are remembered here (not where a shared cache's hold-off shares them already).
   * A session with a token in hand, or one renewing on purpose (refresh(), a forced renewal), asks.
   */
  return function remembering(inner: TokenSource, identity: string, outages: boolean): TokenSource {
    const self = {};

    /** Records `error` (the next step after the same kind of failure), and what this session's caller is told of it. */
    function learned(error: AuthError, previous: Remembered | undefined): AuthError {
      const inARow = (previous !== undefined && kindOf(previous.error) === kindOf(error) ? previous.inARow : 0) + 1;
      if (isRefusal(error)) {
        const waitMs = refusalWaits[Math.min(inARow, refusalWaits.length) - 1] ?? 0;
        remember(identity, { learnedBy: self, error, until: now() + waitMs, inARow });
        return error;
      }
      if (!outages || !isTransientAuthError(error)) return error;
      // The session takes the same wait (its callers are told it): it asks no sooner than the record ends.
      const told = error.withRetryIn(error.retryInMs ?? outageWaitMs(inARow, error));
      remember(identity, { learnedBy: self, error: told, until: now() + (told.retryInMs ?? 0), inARow });
      return told;
    }

    return {
      async obtain(replacing, why) {
        const tokenless = why === 'first' || why === 'expired';
        const known = records.get(identity);
        if (tokenless && known !== undefined && known.learnedBy !== self && now() < known.until) {
          const { error } = known;
          throw isTransientAuthError(error) ? error.withRetryIn(known.until - now()) : error;
        }
        try {
          const issued = await inner.obtain(replacing, why);
          records.delete(identity);
          return issued;
        } catch (error) {
          // A session that holds a token keeps its own backoff for its renewals: only its refusal is recorded.
          if (!(error instanceof AuthError) || (!tokenless && !isRefusal(error))) throw error;
          throw learned(error, known);
        }
      },
      toAuthError: inner.toAuthError,
      settledIn: inner.settledIn,
    };
  };
}

export type FailureMemory = ReturnType<typeof failureMemory>;
