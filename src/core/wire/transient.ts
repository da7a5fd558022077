import { AuthNetworkError, AuthServerError } from '../errors/index.js';

/** Statuses that say "try later" rather than judging the request: 408, 429 and 5xx. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * A failure of the auth server itself, not a verdict on our request: worth trying again, and
 * nothing was sent to /graphql yet.
 */
export function isTransientAuthError(error: unknown): error is AuthServerError | AuthNetworkError {
  return error instanceof AuthServerError || error instanceof AuthNetworkError;
}
