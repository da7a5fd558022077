import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

/**
 * The GraphQL endpoint's gateway refused the token (`{"message":"Unauthorized"}` or
 * `{"Message":"Access Denied"}`) even for a token obtained by re-authenticating just before. Not
 * retried again, so a gateway that refuses every token cannot cause a loop.
 */
export class TokenRejectedError extends AuthError {
  override name = 'TokenRejectedError';
  declare readonly status: number;

  constructor(status: number, options?: ErrorOptions) {
    super(errorMessage('GJA_TOKEN_REFUSED', status), options);
    this.status = status;
  }
}
