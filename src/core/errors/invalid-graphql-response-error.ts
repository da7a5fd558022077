import { AuthError } from './auth-error.js';

/**
 * The GraphQL endpoint answered 2xx with something that is not a GraphQL result (an HTML page, an
 * empty body, JSON without `data` or `errors`). Reported instead of resolving `undefined` as data.
 */
export class InvalidGraphQLResponseError extends AuthError {
  override name = 'InvalidGraphQLResponseError';
  readonly status: number;

  constructor(status: number, options?: ErrorOptions) {
    super(`The GraphQL endpoint answered ${status} with something that is not a GraphQL result`, options);
    this.status = status;
  }
}
