import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

export interface AuthNetworkErrorOptions extends ErrorOptions {
  /** When the client asks `/v1/auth` again, in ms from this error: see `retryInMs`. */
  retryInMs?: number | undefined;
}

/** `/v1/auth` could not be reached or did not answer in time; the fetch error is the `cause`. */
export class AuthNetworkError extends AuthError {
  override name = 'AuthNetworkError';
  /**
   * How long, from this error, the client holds off before asking `/v1/auth` again (its backoff
   * during an outage). Meanwhile every caller gets this error at once instead of another exchange.
   */
  declare readonly retryInMs: number | undefined;
  /** The endpoint that could not be reached. */
  declare readonly url: string;

  constructor(authUrl: string, { retryInMs, ...options }: AuthNetworkErrorOptions = {}) {
    super(errorMessage('GJA_AUTH_UNREACHABLE', authUrl), options);
    this.retryInMs = retryInMs;
    this.url = authUrl;
  }

  /** The same failure, told to a caller who must wait `ms` more. */
  withRetryIn(ms: number): AuthNetworkError {
    return new AuthNetworkError(this.url, { retryInMs: ms, cause: this.cause });
  }
}
