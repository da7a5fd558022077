import { type AuthError, AuthRequestError, AuthServerError, ServerCredentialsError } from '../errors/index.js';
import { isTransientStatus } from '../wire/transient.js';
import { type FailedAnswer, MAX_MESSAGE_LENGTH } from './auth-endpoint.js';

/** One of the app's own endpoints, as its failures name it. */
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

/** The code a handler's failure carries: `{ code }` from the token handler, `errors[0].extensions.code` from the proxy. */
export function answerCode(body: string): unknown {
  try {
    const answer = JSON.parse(body) as { code?: unknown; errors?: Array<{ extensions?: { code?: unknown } }> } | null;
    return answer?.code ?? answer?.errors?.[0]?.extensions?.code;
  } catch {
    return undefined;
  }
}

/** The handlers' code for "the service refused this server's credentials" (src/server/upstream-client.ts). */
const SERVER_CREDENTIALS_REFUSED = 'UPSTREAM_AUTH_REFUSED';

/**
 * Any failed answer of one of the app's endpoints, named as the app's: the service refusing the
 * server's own credentials (not retried: only the server's settings can fix it), the endpoint or the
 * service behind it failing (retried, as `/v1/auth` failing is), or the endpoint refusing its user.
 */
export function appFailure({ status, message, body, retryAfterMs }: FailedAnswer, endpoint: AppEndpoint, options: ErrorOptions = {}): AuthError {
  if (status === 502 && answerCode(body) === SERVER_CREDENTIALS_REFUSED) return new ServerCredentialsError(status, endpoint.url, options);
  if (!isTransientStatus(status)) return appRefusal(status, message, endpoint, options);
  return new AuthServerError(status, message, {
    ...options,
    retryAfterMs,
    endpoint: `the app's ${endpoint.what} ${endpoint.url}`,
    hint: `The server that serves ${endpoint.handler} there is down or unreachable, or the service it asks is failing: its log says which`,
  });
}
