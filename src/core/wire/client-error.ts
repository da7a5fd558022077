import type { ClientError } from 'graphql-request';
import { GraphQLResponseError } from '../errors/graphql-response-error.js';
import { NOT_JSON } from './expired-answer.js';
import { isPlainObject } from './graphql-result.js';

/**
 * graphql-request's ClientError, built the way graphql-request 7 builds it, so callers who catch it
 * (and read `response.status`, `.errors`, `.headers`, `.body`, `request.query`) see what they saw
 * when graphql-request read the answers itself; only its name and message are the library's own.
 */

export interface SentRequest {
  query: string;
  variables: object | undefined;
}

export interface ReadAnswer {
  ok: boolean;
  status: number;
  headers: Headers;
  body: string;
}

/** graphql-request's reading of one result: the three fields, or null where it threw. */
function executionResult(value: unknown) {
  // Only a batch's members get here as arrays, and graphql-request lets those through too.
  if (typeof value !== 'object' || value === null) return null;
  const result = value as Record<string, unknown>;
  const { data, errors, extensions } = result;
  if ('errors' in result && !isPlainObject(errors) && !Array.isArray(errors)) return null;
  if ('data' in result && !isPlainObject(data) && data !== null) return null;
  if ('extensions' in result && !isPlainObject(extensions)) return null;
  return { data, errors, extensions };
}

/**
 * An answer with GraphQL errors or a non-2xx status: its data, errors and extensions where
 * graphql-request read them (a 2xx always, a non-2xx under a JSON content type; a batch spread by
 * index), then the status, headers and body.
 */
export function clientError(parsed: unknown, { ok, ...answer }: ReadAnswer, request: SentRequest, operationName?: string): GraphQLResponseError {
  const contentType = answer.headers.get('content-type')?.toLowerCase() ?? '';
  const readable = parsed !== NOT_JSON && (ok || contentType.includes('application/graphql-response+json') || contentType.includes('application/json'));
  let fields: object | null = null;
  if (readable && Array.isArray(parsed)) {
    const results = parsed.map(executionResult);
    fields = results.includes(null) ? null : Object.assign({}, results); // indices as keys, as graphql-request spreads a batch
  } else if (readable && isPlainObject(parsed)) {
    fields = executionResult(parsed);
  }
  // graphql-request keeps `variables: undefined` when none were given; its type has no room for that.
  return new GraphQLResponseError({ ...fields, ...answer }, request as ClientError['request'], operationName);
}
