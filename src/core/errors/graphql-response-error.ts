import { ClientError } from 'graphql-request';
import { errorMessage } from './error-message.js';

type ClientResponse = ClientError['response'];
type ClientRequest = ClientError['request'];

const MAX_MESSAGE_LENGTH = 300;

/**
 * The service's words for a failure: the first error's message and where it points (read
 * defensively: a service may send anything), and how many more errors there are.
 */
function describe(operationName: string | undefined, { status, errors }: ClientResponse): string {
  if (!Array.isArray(errors) || errors.length === 0) return errorMessage('GJA_GRAPHQL', status, operationName);
  const [first] = errors as unknown[];
  const { message, path } = (typeof first === 'object' && first !== null ? first : {}) as { message?: unknown; path?: unknown };
  const text = typeof message === 'string' && message !== '' ? message.slice(0, MAX_MESSAGE_LENGTH) : 'an error without a message';
  const at = Array.isArray(path) && path.length > 0 ? ` at ${path.map(String).join('.')}` : '';
  return errorMessage('GJA_GRAPHQL', status, operationName, `${text}${at}`, errors.length - 1 || undefined);
}

/**
 * An answer with GraphQL errors or a non-2xx status. Still the `ClientError` graphql-request users
 * catch, with its `response` and `request`, but named, and with a message a person can read: the
 * operation, the first error's message and path, the status (a production build: the code and those
 * facts). The answer stays on `response`, out of the message, where graphql-request put all of it as JSON.
 */
export class GraphQLResponseError extends ClientError {
  override name = 'GraphQLResponseError';
  /** The operation's name as sent, when the document has one. */
  declare readonly operationName: string | undefined;

  constructor(response: ClientResponse, request: ClientRequest, operationName?: string) {
    super(response, request);
    // ClientError pins its own prototype, which would hide this class's.
    Object.setPrototypeOf(this, new.target.prototype);
    this.message = describe(operationName, response);
    this.operationName = operationName;
  }
}
