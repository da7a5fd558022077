import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { OperationTypeNode } from 'graphql';
import { GraphQLClient } from 'graphql-request';
import { InvalidGraphQLResponseError } from './errors/index.js';
import { ExpiredAnswer, isTokenExpiredBody, isTokenRejectedBody } from './expired-answer.js';
import { isGraphQLResult } from './graphql-result.js';

/**
 * Internal: the request got no readable answer (connection failed, or a browser hid an answer that
 * lacked CORS headers). The fetch error is the `cause`; callers only ever see that cause.
 */
export class NoAnswer extends Error {
  override name = 'NoAnswer';

  constructor(cause: unknown) {
    super('No readable answer from the GraphQL endpoint', { cause });
  }
}

/** Mutations may have run before a connection dropped, so nothing that might be one is sent twice. */
export function mayBeMutation(document: GraphQLDocument<unknown, never>): boolean {
  if (typeof document === 'string') return /(^|[^\w$])mutation\b/.test(document);
  return document.definitions.some((definition) => 'operation' in definition && definition.operation === OperationTypeNode.MUTATION);
}

export type Variables = object;
export type GraphQLDocument<TData, TVariables> = string | TypedDocumentNode<TData, TVariables>;

// Statuses whose Response may not carry a body (the Response constructor throws otherwise).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * graphql-request resolves `undefined` for a 200 carrying the expired body and buries a 401 in a
 * ClientError, so the expired answer is recognised here, by its body, whatever its status. A 2xx
 * that is not a GraphQL result is refused here too: graphql-request would resolve `undefined` for it.
 */
function detectExpiredAnswers(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (error) {
      throw init?.signal?.aborted ? error : new NoAnswer(error);
    }
    const text = await response.text();
    if (isTokenExpiredBody(text)) throw new ExpiredAnswer(response.status);
    if (isTokenRejectedBody(text)) throw new ExpiredAnswer(response.status, { rejected: true });
    if (!response.ok) {
      const body = NULL_BODY_STATUSES.has(response.status) ? null : text;
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    if (!isGraphQLResult(text)) throw new InvalidGraphQLResponseError(response.status);
    // A GraphQL result under another content type (text/plain) would otherwise not be parsed at all.
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json');
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}

export interface SendOptions {
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

export type Send = <TData, TVariables extends Variables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  options: SendOptions,
) => Promise<TData>;

export function createTransport(graphqlUrl: string, fetchImpl: typeof fetch): Send {
  const client = new GraphQLClient(graphqlUrl, { fetch: detectExpiredAnswers(fetchImpl) });
  return (document, variables, { headers, signal }) =>
    // graphql-request's conditional variable types cannot follow our generic; the document fixes TData.
    client.request<unknown>({
      document,
      requestHeaders: headers,
      ...(variables === undefined ? {} : { variables }),
      ...(signal === undefined ? {} : { signal }),
    }) as Promise<never>;
}
