import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

/** `/v1/auth` answered 401: the API key is not accepted. Retrying with the same key cannot help. */
export class InvalidApiKeyError extends AuthError {
  override name = 'InvalidApiKeyError';
  readonly status = 401;

  constructor(options?: ErrorOptions) {
    super(errorMessage('GJA_KEY_REJECTED'), options);
  }
}
