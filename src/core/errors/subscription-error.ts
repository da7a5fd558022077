import { AuthError } from './auth-error.js';

/**
 * A subscription ended for a reason other than its token: the server refused the operation (GraphQL
 * errors, kept in `errors`), or its connection could not be made again within `retryAttempts`
 * (the last failure is the `cause`; `closeCode` is the WebSocket's close code, if one was given).
 * Said in full in every build: only an app that subscribes carries it, and it names no secret.
 */
export class SubscriptionError extends AuthError {
  override name = 'SubscriptionError';
  declare readonly operationName: string | undefined;
  /** The GraphQL errors the server answered, or empty. */
  declare readonly errors: readonly { readonly message: string }[];
  declare readonly closeCode: number | undefined;

  constructor(
    operationName: string | undefined,
    { errors = [], closeCode, attempts }: { errors?: readonly { readonly message: string }[]; closeCode?: number | undefined; attempts?: number },
    options?: ErrorOptions,
  ) {
    const operation = operationName === undefined ? 'An anonymous subscription' : `Subscription ${operationName}`;
    const said = errors[0]?.message;
    super(
      said === undefined
        ? `${operation} lost its connection${closeCode === undefined ? '' : ` (close code ${String(closeCode)})`} and could not connect again after ${String(attempts)} attempts`
        : `${operation} was refused: ${said}`,
      options,
    );
    this.operationName = operationName;
    this.errors = errors;
    this.closeCode = closeCode;
  }
}
