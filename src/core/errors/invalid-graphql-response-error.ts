import { AuthError } from './auth-error.js';
import { errorMessage } from './error-message.js';

/**
 * The GraphQL endpoint answered 2xx with something that is not a GraphQL result (an HTML page, an
 * empty body, JSON without `data` or `errors`). Reported instead of resolving `undefined` as data.
 */
export class InvalidGraphQLResponseError extends AuthError {
  override name = 'InvalidGraphQLResponseError';
  declare readonly status: number;

  constructor(status: number, options?: ErrorOptions) {
    super(errorMessage('GJA_NOT_GRAPHQL', status), options);
    this.status = status;
  }
}
