import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

/**
 * The client was signed out. It does not authenticate again on its own (that would bring the
 * session back behind the user's back) until `refresh()` is called or the identity changes.
 */
export class SignedOutError extends AuthError {
  override name = 'SignedOutError';

  constructor(options?: ErrorOptions) {
    super(errorMessage('GJA_SIGNED_OUT'), options);
  }
}
