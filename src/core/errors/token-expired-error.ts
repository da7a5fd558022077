import { AuthError } from './auth-error.js';

/**
 * The GraphQL endpoint still answered "token expired" for a token obtained after
 * re-authenticating. The operation is not retried again, so a confused server cannot cause a loop.
 */
export class TokenExpiredError extends AuthError {
  override name = 'TokenExpiredError';
  readonly status: number;

  constructor(status: number, options?: ErrorOptions) {
    super(`The GraphQL endpoint answered that the token has expired (${status}), even after re-authenticating`, options);
    this.status = status;
  }
}
