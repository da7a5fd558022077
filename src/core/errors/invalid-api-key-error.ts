import { AuthError } from './auth-error.js';

/** `/v1/auth` answered 401: the API key is not accepted. Retrying with the same key cannot help. */
export class InvalidApiKeyError extends AuthError {
  override name = 'InvalidApiKeyError';
  readonly status = 401;

  constructor(options?: ErrorOptions) {
    super('The API key was rejected by the auth endpoint (401)', options);
  }
}
