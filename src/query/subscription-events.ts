import { subscriberOf } from '../core/client/subscriptions/subscriber-of.js';
import type { AuthClient } from '../core/client/types.js';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';

/**
 * `client.subscribe` as an async iterable, for React Query's streamedQuery: events queue until read,
 * the server's completion ends the iteration, its error is thrown at the reader. Aborting `signal`
 * (React Query cancelling the query) or leaving the loop unsubscribes and ends a pending read, so no
 * reader waits for an event that cannot come.
 */
export function subscriptionEvents<TData, TVariables extends Variables>(
  client: AuthClient,
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
  { signal, eventKey }: { signal: AbortSignal; eventKey?: (data: TData) => unknown },
): AsyncIterableIterator<TData> {
  const queued: TData[] = [];
  let ended: { error: Error } | { error: null } | null = null;
  let waiting: (() => void) | null = null;
  const wake = () => {
    const resume = waiting;
    waiting = null;
    resume?.();
  };
  const end = (error: Error | null) => {
    ended ??= { error };
    wake();
  };
  const unsubscribe = subscriberOf(client)(document, variables, {
    signal,
    ...(eventKey === undefined ? {} : { eventKey }),
    onData: (data) => {
      queued.push(data);
      wake();
    },
    onError: end,
    onComplete: () => {
      end(null);
    },
  });
  const onAbort = () => {
    end(null);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const finish = (): IteratorResult<TData> => {
    signal.removeEventListener('abort', onAbort);
    unsubscribe();
    return { done: true, value: undefined };
  };

  const iterator: AsyncIterableIterator<TData> = {
    async next() {
      for (;;) {
        if (queued.length > 0) return { done: false, value: queued.shift() as TData };
        if (signal.aborted) end(null);
        if (ended !== null) {
          finish();
          if (ended.error !== null) throw ended.error;
          return { done: true, value: undefined };
        }
        await new Promise<void>((resolve) => {
          waiting = resolve;
        });
      }
    },
    return() {
      return Promise.resolve(finish());
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
