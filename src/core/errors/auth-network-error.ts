import { AuthError } from './auth-error.js';

/** `/v1/auth` could not be reached or did not answer in time; the fetch error is the `cause`. */
export class AuthNetworkError extends AuthError {
  override name = 'AuthNetworkError';

  constructor(authUrl: string, options?: ErrorOptions) {
    super(`Could not reach the auth endpoint ${authUrl}`, options);
  }
}
