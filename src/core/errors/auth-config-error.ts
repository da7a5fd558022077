import { AuthError } from './auth-error.js';

/** The options cannot work (empty API key, unknown region, bad margin); no request is sent. */
export class AuthConfigError extends AuthError {
  override name = 'AuthConfigError';
}
