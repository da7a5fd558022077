import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

/**
 * The GraphQL endpoint still answered "token expired" for a token obtained after
 * re-authenticating. The operation is not retried again, so a confused server cannot cause a loop.
 */
export class TokenExpiredError extends AuthError {
  override name = 'TokenExpiredError';
  declare readonly status: number;

  constructor(status: number, options?: ErrorOptions) {
    super(errorMessage('GJA_TOKEN_EXPIRED', status), options);
    this.status = status;
  }
}
