import { AuthError } from './auth-error.js';

/**
 * The options cannot work (empty API key, unknown region, bad margin); no request is sent. `code`
 * names the check that refused them: a production build of an app says only `invalid option (CODE)`,
 * and docs/config-errors.md gives each code's full message, as development and servers say it.
 */
export class AuthConfigError extends AuthError {
  override name = 'AuthConfigError';
  declare readonly code: string;

  constructor(message: string, code = 'GJA_CONFIG') {
    super(message);
    this.code = code;
  }
}
