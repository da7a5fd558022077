import { postForToken } from './auth-endpoint.js';
import { appRefusal } from './app-refusal.js';
import { AuthNetworkError, AuthServerError } from '../errors/index.js';
import type { TokenSource } from './token-source.js';

export interface TokenEndpointSourceOptions {
  url: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** The regions a token may be used in: the endpoint's answer must name one. */
  acceptsRegion: (region: string) => boolean;
}

/**
 * Tokens from the app's own backend (createTokenHandler): `{}` asks for the current token,
 * `{ expired }` for a new one when that one was refused. The key never leaves the server; the
 * endpoint's cookies travel with the request, since it checks its own user: `include`, so they go
 * to an endpoint on a separate origin too (the browser sends a site's cookies only to that site).
 */
export function tokenEndpointSource({ url, fetch, timeoutMs, acceptsRegion }: TokenEndpointSourceOptions): TokenSource {
  const endpoint = { what: 'token endpoint', url, handler: 'createTokenHandler', factory: 'tokenEndpoint()' };
  const owner = { refusal: (status: number, message: string) => appRefusal(status, message, endpoint) };
  return {
    async obtain(replacing) {
      const body = replacing === null ? {} : { expired: replacing };
      const answer = await postForToken({ fetch, url, body, timeoutMs, credentials: 'include', owner });
      const { region } = answer;
      if (typeof region !== 'string' || !acceptsRegion(region)) {
        throw new AuthServerError(200, 'the token endpoint named no configured region');
      }
      // The handler says when it answered a claim with a token it did not check for it.
      return answer.handedOver === true ? { token: answer.token, region, secondHand: true } : { token: answer.token, region };
    },
    toAuthError: (error) => new AuthNetworkError(url, { cause: error }),
    settledIn: () => undefined,
  };
}

/** Token-endpoint mode as a client option, from `tokenEndpoint(url)`. */
export interface TokenEndpointMode {
  readonly kind: 'tokenEndpoint';
  readonly url: string;
  source: (options: Omit<TokenEndpointSourceOptions, 'url'>) => TokenSource;
}

/**
 * Token-mediating backend mode: tokens come from the app's token endpoint at `url`
 * (createTokenHandler); the key stays on the server. Pass it as the client's `tokenEndpoint` option.
 */
export function tokenEndpoint(url: string): TokenEndpointMode {
  return { kind: 'tokenEndpoint', url, source: (options) => tokenEndpointSource({ url, ...options }) };
}
