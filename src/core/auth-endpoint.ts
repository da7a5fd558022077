import {
  type AuthError,
  AuthNetworkError,
  AuthRequestError,
  AuthServerError,
  InvalidApiKeyError,
} from './errors/index.js';
import { redact } from './redact.js';
import { readRetryAfter } from './retry-after.js';
import { isTransientStatus } from './transient.js';
import { isUsableToken } from './usable-token.js';

const MAX_MESSAGE_LENGTH = 300;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error body's shape is not documented: take JSON `message` or `error`, else the text itself. */
function serverMessage(text: string, status: number): string {
  const body = parseJson(text);
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof error === 'string' && error !== '') return error;
  }
  const trimmed = text.trim();
  return trimmed === '' ? `HTTP ${status}` : trimmed;
}

function errorForStatus({ status, headers }: Response, text: string, apiKey: string): AuthError {
  // Redact before cutting: a key echoed across the cut would otherwise leave its first half behind.
  const message = redact(serverMessage(text, status), apiKey).slice(0, MAX_MESSAGE_LENGTH);
  if (status === 401) return new InvalidApiKeyError();
  if (isTransientStatus(status)) return new AuthServerError(status, message, { retryAfterMs: readRetryAfter(headers) });
  return new AuthRequestError(status, message);
}

export interface TokenRequest {
  fetch: typeof fetch;
  authUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/**
 * Trades the API key for a token. The key travels only in this request's body, never in a URL or
 * header, and no error message carries it.
 */
export async function requestToken({ fetch, authUrl, apiKey, timeoutMs }: TokenRequest): Promise<string> {
  let response: Response;
  let text: string;
  // Not the caller's signal: one caller giving up must not fail the other waiters. Not
  // AbortSignal.timeout() either: its timer outlives the answer and would stay pending after dispose().
  const timeout = new AbortController();
  const timer = setTimeout(() => {
    timeout.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  try {
    response = await fetch(authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ key: apiKey }),
      signal: timeout.signal,
    });
    text = await response.text();
  } catch (cause) {
    throw new AuthNetworkError(authUrl, { cause });
  } finally {
    clearTimeout(timer);
  }
  const { status } = response;
  if (status < 200 || status > 299) throw errorForStatus(response, text, apiKey);
  const body = parseJson(text);
  const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
  if (!isUsableToken(token)) throw new AuthServerError(status, 'the answer carries no usable token string');
  return token;
}
