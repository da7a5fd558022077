import type { ClientError } from 'graphql-request';
import { type AuthEvents, type OperationOutcome, tokenTag } from '../session/auth-events.js';
import { ExpiredAnswer } from '../wire/expired-answer.js';
import { operationText } from '../wire/operation-text.js';
import { operationKindOf } from '../wire/operation-kind.js';
import type { GraphQLDocument, SendOptions } from '../wire/transport.js';

/** The longest operation name an event tells, as a span records. */
const MAX_NAME = 100;

/** What an attempt's failure says of its answer: the status is 0 when none arrived. */
function outcomeOf(error: unknown, status: number, signal: AbortSignal | undefined): OperationOutcome {
  if (error instanceof ExpiredAnswer) return error.rejected ? 'refused' : 'expired';
  if (signal?.aborted) return 'aborted';
  if (status === 0) return 'network-error';
  return (error as Partial<ClientError>).response?.errors ? 'graphql-errors' : 'http-error';
}

export interface SentAttempt {
  document: GraphQLDocument<unknown, never>;
  /** The token it is sent with (told as its tag), null where the client holds none. */
  token: string | null;
  retry: boolean;
  signal: AbortSignal | undefined;
}

/**
 * Runs one send and reports it as an `operation` event. Without listeners the send runs as is: no
 * clock read, no name looked up.
 */
export function reportedSend<T>(
  events: AuthEvents,
  now: () => number,
  attempt: SentAttempt,
  send: (answered: SendOptions['answered']) => Promise<T>,
): Promise<T> {
  if (!events.heard()) return send(undefined);
  const startedAt = now();
  let status = 0;
  const report = (outcome: OperationOutcome) => {
    events.emit({
      type: 'operation',
      // A server's client runs any browser's text: a name (found by the scan, so a GraphQL name) is cut short.
      operationName: (operationText(attempt.document).operationName ?? '').slice(0, MAX_NAME),
      kind: operationKindOf(attempt.document),
      tokenTag: attempt.token && tokenTag(attempt.token),
      outcome,
      status,
      durationMs: now() - startedAt,
      retry: attempt.retry,
    });
  };
  return send((answered) => {
    status = answered;
  }).then(
    (data) => (report('ok'), data),
    (error: unknown) => {
      report(outcomeOf(error, status, attempt.signal));
      throw error;
    },
  );
}
