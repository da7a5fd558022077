import { ExpiredAnswer, isTokenExpiredBody, isTokenRejectedBody } from '../core/wire/expired-answer.js';
import { UnexpectedRedirectError } from '../core/errors/index.js';
import { NO_REDIRECT, refuseRedirect } from '../core/wire/redirects.js';
import { NoAnswer, type Send, type SendOptions } from '../core/wire/transport.js';
import { readCappedBody } from './read-capped.js';

/** What the proxy forwards besides the query text, in place of the variables a Send receives. */
export interface ForwardedOperation {
  variables?: object | null;
  operationName?: string | null;
}

/** The service's answer as it came: the proxy hands the GraphQL result on untouched. */
export interface ForwardedAnswer {
  status: number;
  body: string;
}

/** How many times each forwarded operation was sent: more than once means retried after an expired answer. */
export const attemptsOf = new WeakMap<object, number>();

/** How long and how large an upstream answer may be. */
export interface UpstreamLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

/** The service did not answer in full within `upstreamTimeoutMs`. No message: the proxy's 504 names the limit, a span records the name. */
export class UpstreamTimeout extends Error {
  override name = 'UpstreamTimeout';
}

/** The service's answer grew past `maxResponseBytes` while it streamed in. */
export class ResponseTooLarge extends Error {
  override name = 'ResponseTooLarge';
}

const tooLarge = () => new ResponseTooLarge();

/**
 * A Send for the proxy: posts the browser's operation as is (with the server's token) and resolves
 * the raw answer, so data, errors and extensions reach the browser unchanged. Only the expired and
 * refused answers are taken out, for the request path to renew and retry once. Each attempt has
 * `timeoutMs` for the whole answer and at most `maxResponseBytes` of it; a redirect is refused, as
 * it would carry the token elsewhere.
 */
export function forwardingTransport({ timeoutMs, maxResponseBytes }: UpstreamLimits) {
  return (graphqlUrl: string, fetchImpl: typeof fetch): Send => {
    const send = async (query: string, operation: ForwardedOperation | undefined, { headers, signal, answered }: SendOptions): Promise<ForwardedAnswer> => {
      if (operation !== undefined) attemptsOf.set(operation, (attemptsOf.get(operation) ?? 0) + 1);
      // One controller for the caller going away and the time limit. A timer of our own, cleared with
      // the answer: AbortSignal.timeout would stay pending for the whole limit after every request.
      // Joined by hand: AbortSignal.any is missing from some runtimes (Next.js's edge sandbox).
      const both = new AbortController();
      const timer = setTimeout(() => {
        both.abort(new UpstreamTimeout());
      }, timeoutMs);
      const callerLeft = () => {
        both.abort(signal?.reason);
      };
      if (signal?.aborted === true) callerLeft();
      signal?.addEventListener('abort', callerLeft, { once: true });
      let status: number;
      let body: string;
      try {
        const response = await fetchImpl(graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
          body: JSON.stringify({ query, ...operation }),
          signal: both.signal,
          redirect: NO_REDIRECT,
        });
        answered?.(response.status);
        refuseRedirect(response, graphqlUrl);
        status = response.status;
        body = await readCappedBody(response, maxResponseBytes, tooLarge);
      } catch (error) {
        if (error instanceof ResponseTooLarge || error instanceof UnexpectedRedirectError || signal?.aborted === true) throw error;
        if (both.signal.reason instanceof UpstreamTimeout) throw both.signal.reason;
        throw new NoAnswer(error);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', callerLeft);
      }
      if (isTokenExpiredBody(body)) throw new ExpiredAnswer(status);
      if (isTokenRejectedBody(body)) throw new ExpiredAnswer(status, { rejected: true });
      return { status, body };
    };
    return send as unknown as Send;
  };
}
