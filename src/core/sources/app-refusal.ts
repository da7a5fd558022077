import { AuthRequestError } from '../errors/index.js';
import { MAX_MESSAGE_LENGTH } from './auth-endpoint.js';

/** One of the app's own endpoints, as its refusals name it. */
export interface AppEndpoint {
  /** "token endpoint", "GraphQL proxy". */
  what: string;
  url: string;
  /** The server handler that serves it, and the client option's factory that names it. */
  handler: string;
  factory: string;
}

/**
 * A refusal from one of the app's own endpoints (createTokenHandler, createGraphQLProxy), which read
 * as the service's `/v1/auth` refusing the key when they said only "the auth endpoint". They answer
 * 401 only when the app's authorizeRequest said no (403 is their origin check).
 */
export function appRefusal(status: number, message: string, { what, url, handler, factory }: AppEndpoint, options: ErrorOptions = {}): AuthRequestError {
  const hint =
    status === 401
      ? `The app's authorizeRequest refused this request: sign the user in first, so that their session (a cookie) reaches ${url}`
      : status === 404
        ? `Nothing answers there: serve ${handler} at that URL, or pass its URL to ${factory}`
        : undefined;
  return new AuthRequestError(status, message.slice(0, MAX_MESSAGE_LENGTH), { ...options, endpoint: `the app's ${what} ${url}`, hint });
}
