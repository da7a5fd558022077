import { UnexpectedRedirectError } from '../errors/index.js';

/**
 * Every request the library sends carries a credential: the API key in a body, a token in a header,
 * the app's cookies. A followed redirect would hand it to wherever the answer points (fetch posts the
 * body again on a 307 or 308), so none is followed. 'manual' rather than 'error': with 'error' a
 * browser rejects with the TypeError of any network failure and Workers refuse the option, while with
 * 'manual' every runtime resolves (the 3xx itself on servers, an opaque redirect in browsers), so a
 * refused redirect is told apart from an unreachable endpoint.
 */
export const NO_REDIRECT: RequestRedirect = 'manual';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Throws UnexpectedRedirectError for a redirect answer to a request to `url`, its body unread. */
export function refuseRedirect(response: Response, url: string): void {
  const opaque = response.type === 'opaqueredirect';
  if (!opaque && !REDIRECT_STATUSES.has(response.status)) return;
  response.body?.cancel().catch(() => undefined);
  throw new UnexpectedRedirectError(url, opaque ? 0 : response.status);
}
