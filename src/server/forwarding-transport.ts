import { ExpiredAnswer, isTokenExpiredBody, isTokenRejectedBody } from '../core/wire/expired-answer.js';
import { NoAnswer, type Send } from '../core/wire/transport.js';

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

/**
 * A Send for the proxy: posts the browser's operation as is (with the server's token) and resolves
 * the raw answer, so data, errors and extensions reach the browser unchanged. Only the expired and
 * refused answers are taken out, for the request path to renew and retry once.
 */
export function forwardingTransport(graphqlUrl: string, fetchImpl: typeof fetch): Send {
  const send = async (query: string, operation: ForwardedOperation | undefined, { headers, signal }: { headers: Record<string, string>; signal: AbortSignal | undefined }): Promise<ForwardedAnswer> => {
    let status: number;
    let body: string;
    try {
      const response = await fetchImpl(graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({ query, ...operation }),
        ...(signal === undefined ? {} : { signal }),
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      throw signal?.aborted ? error : new NoAnswer(error);
    }
    if (isTokenExpiredBody(body)) throw new ExpiredAnswer(status);
    if (isTokenRejectedBody(body)) throw new ExpiredAnswer(status, { rejected: true });
    return { status, body };
  };
  return send as unknown as Send;
}
