import { AuthError } from './auth-error.js';

/** `/v1/auth` refused the request itself (400 or another 4xx): the server's message is kept. */
export class AuthRequestError extends AuthError {
  override name = 'AuthRequestError';
  readonly status: number;

  constructor(status: number, serverMessage: string, options?: ErrorOptions) {
    super(`The auth endpoint refused the request (${status}): ${serverMessage}`, options);
    this.status = status;
  }
}
