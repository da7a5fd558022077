import type { ClientError } from 'graphql-request';
import { GraphQLResponseError } from './graphql-response-error.js';

/**
 * The app's GraphQL proxy refused this operation with its list of the app's own (`operations` of
 * createGraphQLProxy): 403 `OPERATION_NOT_ALLOWED`. The refusal is the operation's alone: the user
 * stays signed in and the next operation goes out. Still the `GraphQLResponseError` (a
 * graphql-request `ClientError`) such an answer always was, with the proxy's answer on `response`.
 */
export class OperationNotAllowedError extends GraphQLResponseError {
  override name = 'OperationNotAllowedError';
  /**
   * Why, as the proxy said it (`extensions.reason`): `unknown_id`, `other_text`, `unlisted_text`,
   * `batch`, `other_operation` or `not_authorized`; undefined from a proxy that did not say.
   */
  declare readonly reason: string | undefined;

  constructor(response: ClientError['response'], request: ClientError['request'], operationName: string | undefined, reason: string | undefined) {
    super(response, request, operationName);
    this.reason = reason;
  }
}
