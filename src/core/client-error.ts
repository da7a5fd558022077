import { ClientError } from 'graphql-request';
import { NOT_JSON } from './expired-answer.js';

/**
 * graphql-request's ClientError, built the way graphql-request 7 builds it, so callers who catch it
 * (and read `response.status`, `.errors`, `.headers`, `.body`, `request.query`) see what they saw
 * when graphql-request read the answer itself.
 */

export interface SentRequest {
  query: string;
  variables: object | undefined;
}

export interface ReadAnswer {
  status: number;
  headers: Headers;
  body: string;
}

// graphql-request keeps `variables: undefined` when none were given; its type has no room for that.
const asContext = (request: SentRequest) => request as ClientError['request'];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

/** A 2xx GraphQL result carrying errors. */
export function resultError(result: { data?: unknown; errors?: unknown; extensions?: unknown }, answer: ReadAnswer, request: SentRequest): ClientError {
  const { data, errors, extensions } = result;
  return new ClientError({ data, errors, extensions, ...answer } as ClientError['response'], asContext(request));
}

const GRAPHQL_CONTENT_TYPES = ['application/graphql-response+json', 'application/json'];

/**
 * A non-2xx answer: its errors and data when the body is a JSON GraphQL result (or a batch, spread
 * by index as graphql-request spreads it), else the status, headers and body alone.
 */
export function statusError(parsed: unknown, answer: ReadAnswer, request: SentRequest): ClientError {
  const contentType = answer.headers.get('content-type')?.toLowerCase() ?? '';
  const readable = parsed !== NOT_JSON && GRAPHQL_CONTENT_TYPES.some((type) => contentType.includes(type));
  let fields: object | null = null;
  if (readable && Array.isArray(parsed)) {
    const results = parsed.map(executionResult);
    fields = results.includes(null) ? null : Object.assign({}, results); // indices as keys, as graphql-request spreads a batch
  } else if (readable && isPlainObject(parsed)) {
    fields = executionResult(parsed);
  }
  return new ClientError({ ...fields, ...answer }, asContext(request));
}
