import { ClientError } from 'graphql-request';
import { AuthError } from '../../src/index.js';

/**
 * The failures the client is allowed to report: one of its own errors, graphql-request's ClientError
 * for an error answer, the fetch error of a dropped connection, or the caller's own abort.
 */
export function isExpectedFailure(error: unknown): boolean {
  if (error instanceof AuthError || error instanceof ClientError) return true;
  if (error instanceof Error && error.name === 'AbortError') return true;
  return error instanceof TypeError && error.message === 'fetch failed';
}

/** Describes a value for an assertion message without dumping a huge body. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

const BEARER = /^Bearer [\x21-\x7e]+$/;

/** `Bearer <token>` with a real token: never `undefined`, `null`, empty or with spaces. */
export function isUsableBearer(header: string | undefined): boolean {
  return header !== undefined && BEARER.test(header) && !/^Bearer (undefined|null)$/.test(header);
}
