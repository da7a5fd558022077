import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

export interface AuthServerErrorOptions extends ErrorOptions {
  /**
   * Whose endpoint failed, and its URL, when it is not the service's `/v1/auth`: "the app's token
   * endpoint https://…/api/token" (a bare "the auth endpoint" read as the service's).
   */
  endpoint?: string | undefined;
  /** What that failure means and what to do about it. */
  hint?: string | undefined;
  /** What the answer's `Retry-After` header asked for, in ms. */
  retryAfterMs?: number | undefined;
  /** When the client asks `/v1/auth` again, in ms from this error: see `retryInMs`. */
  retryInMs?: number | undefined;
}

/**
 * `/v1/auth` failed on its side (5xx, 408, 429) or answered 2xx without a string `token`.
 * Worth retrying later, which React Query does for queries, never sooner than `retryInMs`.
 */
export class AuthServerError extends AuthError {
  override name = 'AuthServerError';
  declare readonly status: number;
  /** How long the server asked to wait before the next try (its `Retry-After`), if it said. */
  declare readonly retryAfterMs: number | undefined;
  /**
   * How long, from this error, the client holds off before asking `/v1/auth` again: its backoff
   * during an outage, never shorter than `retryAfterMs`. Meanwhile every caller gets this error
   * at once instead of another exchange.
   */
  declare readonly retryInMs: number | undefined;

  constructor(status: number, detail: string, { retryAfterMs, retryInMs, endpoint, hint, ...options }: AuthServerErrorOptions = {}) {
    super(errorMessage('GJA_AUTH_FAILED', status, detail, endpoint, hint), options);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
    this.retryInMs = retryInMs;
  }

  /**
   * The same failure, told to a caller who must wait `ms` more: a copy of this error, message and
   * all, rather than one made again from its parts, which it would then have to keep.
   */
  withRetryIn(ms: number): AuthServerError {
    const told = Object.create(Object.getPrototypeOf(this) as object, Object.getOwnPropertyDescriptors(this)) as { retryInMs: number };
    told.retryInMs = ms;
    return told as unknown as AuthServerError;
  }
}
