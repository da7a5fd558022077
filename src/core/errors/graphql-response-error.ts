import { ClientError } from 'graphql-request';

type ClientResponse = ClientError['response'];
type ClientRequest = ClientError['request'];

const MAX_MESSAGE_LENGTH = 300;

/** The first error's message and where it points, read defensively: a service may send anything. */
function firstError(errors: unknown): { said: string; more: number } | null {
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const [first] = errors as unknown[];
  const { message, path } = (typeof first === 'object' && first !== null ? first : {}) as { message?: unknown; path?: unknown };
  const text = typeof message === 'string' && message !== '' ? message.slice(0, MAX_MESSAGE_LENGTH) : 'an error without a message';
  const at = Array.isArray(path) && path.length > 0 ? ` at ${path.map(String).join('.')}` : '';
  return { said: `${text}${at}`, more: errors.length - 1 };
}

function describe(operationName: string | undefined, { status, errors }: ClientResponse): string {
  const operation = operationName === undefined ? 'An anonymous GraphQL operation' : `GraphQL operation ${operationName}`;
  const first = firstError(errors);
  if (first === null) return `${operation} failed (HTTP ${status}) with no GraphQL errors in the answer; see error.response`;
  const more = first.more === 0 ? '' : ` (and ${first.more} more ${first.more === 1 ? 'error' : 'errors'}; see error.response.errors)`;
  return `${operation} failed (HTTP ${status}): ${first.said}${more}`;
}

/**
 * An answer with GraphQL errors or a non-2xx status. Still the `ClientError` graphql-request users
 * catch, with its `response` and `request`, but named, and with a message a person can read: the
 * operation, the first error's message and path, the status. The answer stays on `response`, out of
 * the message, where graphql-request put all of it as JSON.
 */
export class GraphQLResponseError extends ClientError {
  override name = 'GraphQLResponseError';
  /** The operation's name as sent, when the document has one. */
  readonly operationName: string | undefined;

  constructor(response: ClientResponse, request: ClientRequest, operationName?: string) {
    super(response, request);
    // ClientError pins its own prototype, which would hide this class's.
    Object.setPrototypeOf(this, new.target.prototype);
    this.message = describe(operationName, response);
    this.operationName = operationName;
  }
}
