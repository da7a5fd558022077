import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

/**
 * The app's own server (createTokenHandler or createGraphQLProxy at `url`) answered that the service
 * refused the server's credentials: its API key, or the key its credentials resolver gave for this
 * user's tenant. Nothing the browser does can fix it, so it is not retried; the server's log names the
 * setting to check. An `AuthError`, so an app can tell it from the service being down.
 */
export class ServerCredentialsError extends AuthError {
  override name = 'ServerCredentialsError';
  /** The status the app's endpoint answered with (502). */
  declare readonly status: number;
  /** The app's endpoint that answered. */
  declare readonly url: string;

  constructor(status: number, url: string, options?: ErrorOptions) {
    super(errorMessage('GJA_SERVER_CREDENTIALS', status, url), options);
    this.status = status;
    this.url = url;
  }
}
