import { type AuthError, AuthNetworkError, AuthRequestError, AuthServerError, InvalidApiKeyError, UnexpectedRedirectError } from '../errors/index.js';
import { redact } from '../wire/redact.js';
import { NO_REDIRECT, refuseRedirect } from '../wire/redirects.js';
import type { ClientTelemetry } from '../wire/telemetry.js';
import type { ExchangeReason } from './token-source.js';
import { readRetryAfter } from '../wire/retry-after.js';
import { isTransientStatus } from '../wire/transient.js';
import { isUsableToken } from './usable-token.js';

/** The most of a server's message an error repeats. */
export const MAX_MESSAGE_LENGTH = 300;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error body's shape is not documented: take JSON `message` or `error`, else the text itself. */
export function serverMessage(text: string, status: number): string {
  const body = parseJson(text);
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof error === 'string' && error !== '') return error;
  }
  const trimmed = text.trim();
  return trimmed === '' ? `HTTP ${status}` : trimmed;
}

/**
 * Who answered: the service's `/v1/auth`, judging the key, or one of the app's endpoints, judging its
 * user and telling of the service behind it, which words its own failures (app-refusal.ts, shipped
 * only with the modes that use it).
 */
export type EndpointOwner = 'service' | { failure: (answer: FailedAnswer) => AuthError };

/** A failed answer as read: its status, its message (redacted and cut), its body and its Retry-After. */
export interface FailedAnswer {
  status: number;
  message: string;
  body: string;
  retryAfterMs: number | undefined;
}

function errorForStatus({ status, headers }: Response, text: string, { secret, url, owner }: { secret: string; url: string; owner: EndpointOwner }): AuthError {
  // Redact before cutting: a key echoed across the cut would otherwise leave its first half behind.
  const message = redact(serverMessage(text, status), secret).slice(0, MAX_MESSAGE_LENGTH);
  const retryAfterMs = readRetryAfter(headers);
  if (owner !== 'service') return owner.failure({ status, message, body: text, retryAfterMs });
  // Only the service's 401 judges the API key; the app's token endpoint refuses its own user.
  if (status === 401) return new InvalidApiKeyError();
  if (isTransientStatus(status)) return new AuthServerError(status, message, { retryAfterMs });
  return new AuthRequestError(status, message, { endpoint: `the service's auth endpoint ${url}` });
}

export interface TokenPost {
  fetch: typeof fetch;
  url: string;
  body: object;
  timeoutMs: number;
  /** A secret in the body that no error message may repeat (the API key). */
  secret?: string;
  /** The app's own token endpoint is asked with its cookies; the service's never. */
  credentials?: RequestCredentials;
  owner: EndpointOwner;
}

/**
 * POSTs JSON to an endpoint that answers `{ token, … }` and returns the answer, its token checked.
 * Times out on its own clock, so one caller giving up never fails the others sharing the call. A
 * redirect is refused: the body may hold the key, and the token must come from the URL configured.
 */
export async function postForToken({
  fetch,
  url,
  body,
  timeoutMs,
  secret = '',
  credentials,
  owner,
}: TokenPost): Promise<Record<string, unknown> & { token: string }> {
  let response: Response;
  let text: string;
  // Not AbortSignal.timeout(): its timer outlives the answer and would stay pending after dispose().
  const timeout = new AbortController();
  const timer = setTimeout(() => {
    timeout.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: timeout.signal,
      redirect: NO_REDIRECT,
      ...(credentials === undefined ? {} : { credentials }),
    });
    refuseRedirect(response, url);
    text = await response.text();
  } catch (cause) {
    if (cause instanceof UnexpectedRedirectError) throw cause;
    throw new AuthNetworkError(url, { cause });
  } finally {
    clearTimeout(timer);
  }
  const { status } = response;
  if (status < 200 || status > 299) throw errorForStatus(response, text, { secret, url, owner });
  const answer = parseJson(text);
  const token = typeof answer === 'object' && answer !== null ? (answer as { token?: unknown }).token : undefined;
  if (!isUsableToken(token)) throw new AuthServerError(status, 'the answer carries no usable token string');
  return { ...(answer as Record<string, unknown>), token };
}

export interface TokenRequest {
  fetch: typeof fetch;
  authUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** For telemetry: the region asked, and why. */
  region?: string;
  why?: ExchangeReason;
  /** Given by the server entries only. */
  telemetry?: ClientTelemetry | undefined;
}

/**
 * Trades the API key for a token. The key travels only in this request's body, never in a URL or
 * header, and no error message carries it.
 */
export async function requestToken({ fetch, authUrl, apiKey, timeoutMs, region = '', why = 'first', telemetry }: TokenRequest): Promise<string> {
  const post = async () => (await postForToken({ fetch, url: authUrl, body: { key: apiKey }, timeoutMs, secret: apiKey, owner: 'service' })).token;
  return telemetry === undefined ? post() : telemetry.exchange({ region, why }, post);
}
