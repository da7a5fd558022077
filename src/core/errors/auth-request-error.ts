import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

export interface AuthRequestErrorOptions extends ErrorOptions {
  /**
   * Whose endpoint refused, and its URL: "the service's auth endpoint https://…/v1/auth", "the app's
   * token endpoint https://…/api/token". A bare "the auth endpoint" read as the service's when it was the app's.
   */
  endpoint?: string | undefined;
  /** What to do about it, said after the server's message. */
  hint?: string | undefined;
}

/** An auth endpoint refused the request itself (400 or another 4xx): the server's message is kept. */
export class AuthRequestError extends AuthError {
  override name = 'AuthRequestError';
  declare readonly status: number;

  constructor(status: number, serverMessage: string, { endpoint = 'the auth endpoint', hint, ...options }: AuthRequestErrorOptions = {}) {
    super(errorMessage('GJA_AUTH_REFUSED', status, serverMessage, endpoint, hint), options);
    this.status = status;
  }
}
