import { AuthError } from './auth-error.js';

/**
 * `/v1/auth` failed on its side (5xx, 408, 429) or answered 2xx without a string `token`.
 * Worth retrying later, which React Query does for queries.
 */
export class AuthServerError extends AuthError {
  override name = 'AuthServerError';
  readonly status: number;

  constructor(status: number, detail: string, options?: ErrorOptions) {
    super(`The auth endpoint failed (${status}): ${detail}`, options);
    this.status = status;
  }
}
