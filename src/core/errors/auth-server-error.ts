import { AuthError } from './auth-error.js';

export interface AuthServerErrorOptions extends ErrorOptions {
  /** What the answer's `Retry-After` header asked for, in ms. */
  retryAfterMs?: number | undefined;
}

/**
 * `/v1/auth` failed on its side (5xx, 408, 429) or answered 2xx without a string `token`.
 * Worth retrying later, which React Query does for queries, never sooner than `retryAfterMs`.
 */
export class AuthServerError extends AuthError {
  override name = 'AuthServerError';
  readonly status: number;
  /** How long the server asked to wait before the next try (its `Retry-After`), if it said. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, detail: string, { retryAfterMs, ...options }: AuthServerErrorOptions = {}) {
    super(`The auth endpoint failed (${status}): ${detail}`, options);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}
