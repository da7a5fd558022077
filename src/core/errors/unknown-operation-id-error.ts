import { OperationNotAllowedError } from './operation-not-allowed-error.js';

/**
 * The proxy's list holds no operation of the id this page sent (`reason: 'unknown_id'`): the page
 * comes from another build than the server's list, typically a tab left open across a deploy. Only a
 * reload (the new build's ids) can fix it, so nothing retries it: catch it to ask the user to reload.
 */
export class UnknownOperationIdError extends OperationNotAllowedError {
  override name = 'UnknownOperationIdError';
}
