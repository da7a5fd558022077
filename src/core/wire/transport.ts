/**
 * wire/: what goes over HTTP to /graphql. The transport (this file) sends an operation and reads
 * its answer: the expired or refused answer, `ClientError` parity with graphql-request, GraphQL result
 * checks, the operation's text and name, headers, abort, URLs, variables, `Retry-After`, transient
 * statuses, refused redirects and redaction. It knows nothing of tokens' lives; it may import errors/ only.
 */
import type { ReadAnswer, SentRequest } from './client-error.js';
import type { GraphQLDocument, Variables } from './document-source.js';
import { InvalidGraphQLResponseError } from '../errors/index.js';
import { ExpiredAnswer, isTokenExpiredAnswer, isTokenRejectedAnswer, parseBody } from './expired-answer.js';
import { isGraphQLResult } from './graphql-result.js';
import { documentIdOf } from './document-source.js';
import { unusableConfig } from '../errors/error-message.js';
import { operationText } from './operation-text.js';
import { operationKindOf } from './operation-kind.js';
import { NO_REDIRECT, refuseRedirect } from './redirects.js';

export type { GraphQLDocument, TypedDocumentText, Variables } from './document-source.js';

/**
 * Internal: the request got no readable answer (connection failed, or a browser hid an answer that
 * lacked CORS headers). The fetch error is the `cause`; callers only ever see that cause, so this
 * error needs no message of its own in anyone's bundle.
 */
export class NoAnswer extends Error {
  override name = 'NoAnswer';

  constructor(cause: unknown) {
    super(undefined, { cause });
  }
}

/**
 * Mutations may have run before a connection dropped, so nothing that might be one is sent twice:
 * a document whose kind is unknown (its id alone) counts as one.
 */
export function mayBeMutation(document: GraphQLDocument<unknown, never>): boolean {
  return operationKindOf(document) !== 'query';
}

export interface SendOptions {
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
  /** Told the HTTP status of the answer, once one arrived (for the client's events). */
  answered?: ((status: number) => void) | undefined;
}

export type Send = <TData, TVariables extends Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  options: SendOptions,
) => Promise<TData>;

/**
 * The error for an answer with GraphQL errors or a non-2xx status. A client in an app is given
 * graphql-request's ClientError (client-error.ts); the server entries, which load neither
 * graphql-request nor graphql, give their own.
 */
export type AnswerError = (parsed: unknown, answer: ReadAnswer, request: SentRequest, operationName: string | undefined) => Error;

const ACCEPT = 'application/graphql-response+json, application/json';

/**
 * Sends, then reads the answer once: one text read, one parse, and every check (expired, refused,
 * HTTP error, not a GraphQL result, GraphQL errors) on that parsed value. The expired answer is
 * recognised by its body whatever its status; the errors are graphql-request's, as when it read them.
 */
async function sendAndRead(
  post: () => Promise<Response>,
  { signal, answered }: SendOptions,
  request: SentRequest & { operationName: string | undefined },
  url: string,
  answerError: AnswerError,
): Promise<unknown> {
  const { operationName, ...sent } = request;
  let response: Response;
  try {
    // Runs before the first await, in the caller's synchronous run: the request path checks for a
    // sign-out just before it sends.
    response = await post();
  } catch (error) {
    throw signal?.aborted ? error : new NoAnswer(error);
  }
  answered?.(response.status);
  refuseRedirect(response, url);
  const body = await response.text();
  const parsed = parseBody(body);
  if (isTokenExpiredAnswer(parsed)) throw new ExpiredAnswer(response.status);
  if (isTokenRejectedAnswer(parsed)) throw new ExpiredAnswer(response.status, { rejected: true });
  const answer = { ok: response.ok, status: response.status, headers: response.headers, body };
  if (!answer.ok) throw answerError(parsed, answer, sent, operationName);
  // Whatever its content type: a GraphQL result under text/plain is still data.
  if (!isGraphQLResult(parsed)) throw new InvalidGraphQLResponseError(answer.status);
  if (parsed.errors !== undefined && parsed.errors.length > 0) throw answerError(parsed, answer, sent, operationName);
  return parsed.data;
}

/**
 * The id to send a document by, in place of its text (the proxy client's `sendDocumentIds`), or
 * undefined to send its text.
 */
export type SentId = (document: GraphQLDocument<unknown, never>) => string | undefined;

/**
 * Posts operations the way graphql-request does (same body, same `accept` and `content-type`
 * unless the caller set them) and reads each answer once. A redirect is refused, never followed:
 * the request carries a token (or, from the proxy client, the app's cookies).
 */
export function createTransport(graphqlUrl: string, fetchImpl: typeof fetch, answerError: AnswerError, idOf?: SentId): Send {
  // Parsed on the first send, not per request; not at creation, where a proxy client made during
  // server rendering would throw for a URL it never sends to.
  let url: URL | undefined;
  return (document, variables, sendOptions) => {
    const { headers, signal } = sendOptions;
    const { query, operationName } = operationText(document);
    const documentId = idOf?.(document);
    // The preset's replaceDocumentWithHash leaves a document its id alone: no text to send.
    if (documentId === undefined && query === '' && documentIdOf(document) !== undefined) throw unusableConfig('GJA_ID_ONLY_DOCUMENT');
    const requestHeaders = new Headers(headers);
    if (!requestHeaders.has('accept')) requestHeaders.set('accept', ACCEPT);
    if (!requestHeaders.has('content-type')) requestHeaders.set('content-type', 'application/json');
    // Built outside `post`: a URL or variables that cannot be sent are the caller's error, not a
    // lost answer.
    // GraphQL over HTTP's persisted document: the id in place of the text.
    const body = JSON.stringify({ ...(documentId === undefined ? { query } : { documentId }), variables, operationName });
    const init: RequestInit = { method: 'POST', headers: requestHeaders, body, redirect: NO_REDIRECT };
    if (signal !== undefined) init.signal = signal;
    url ??= new URL(graphqlUrl);
    const target = url;
    const post = () => fetchImpl(target, init);
    // The document's type fixes TData; the parsed body cannot be checked against it.
    return sendAndRead(post, sendOptions, { query, variables, operationName }, graphqlUrl, answerError) as Promise<never>;
  };
}
