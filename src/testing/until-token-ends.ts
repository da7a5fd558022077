import type { ExecutionResult } from 'graphql';

/**
 * A subscription's results until its token ends, then the service's expired message as a GraphQL
 * error and the end of the stream: what an event stream can still say once its status line is sent.
 */
export function untilTokenEnds<T>(results: AsyncIterable<T>, ended: Promise<void>, message: string): AsyncIterableIterator<T | ExecutionResult> {
  const inner = results[Symbol.asyncIterator]();
  const endedMark = ended.then(() => null);
  let finished = false;
  const iterator: AsyncIterableIterator<T | ExecutionResult> = {
    async next() {
      if (finished) return { done: true, value: undefined };
      const next = await Promise.race([inner.next(), endedMark]);
      if (next !== null) return next;
      finished = true;
      await inner.return?.();
      return { done: false, value: { errors: [{ message }] } as unknown as ExecutionResult };
    },
    async return() {
      finished = true;
      await inner.return?.();
      return { done: true, value: undefined };
    },
    // An async generator's full shape: graphql-sse returns only those when its client goes away.
    async throw(error: unknown) {
      finished = true;
      await inner.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
