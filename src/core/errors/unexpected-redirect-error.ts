import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

/**
 * A request that carries a credential (the API key, a token, the app's cookies) was answered with a
 * redirect. It is not followed: fetch would carry the credential on to wherever the answer points.
 * `url` is the URL asked, never where the redirect pointed; `status` is the 3xx, or 0 where a
 * browser hides it (an opaque redirect).
 */
export class UnexpectedRedirectError extends AuthError {
  override name = 'UnexpectedRedirectError';
  declare readonly status: number;
  declare readonly url: string;

  constructor(url: string, status: number, options?: ErrorOptions) {
    super(errorMessage('GJA_REDIRECT', url, status), options);
    this.status = status;
    this.url = url;
  }
}
