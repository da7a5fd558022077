/**
 * Base of every error this library raises, so callers can tell an authentication failure from a
 * GraphQL or network failure with one `instanceof`.
 */
export class AuthError extends Error {
  override name = 'AuthError';
}
