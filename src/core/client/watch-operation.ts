import { pageVisible } from '../browser/page-visible.js';
import { abortableDelay } from '../wire/abortable-delay.js';
import type { GraphQLDocument, Variables } from '../wire/transport.js';
import { requestPersistently, type TransientRetryOptions } from './persistent-request.js';
import type { AuthClient } from './types.js';

export interface WatchOptions<TData> extends TransientRetryOptions {
  /** True for an answer that ends the watch (a terminal state): it is yielded, and the watch returns. */
  until: (data: TData) => boolean;
  /** The wait between one answer and the next request. */
  intervalMs: number;
  /** Aborting ends the watch: the iterator returns, its wait and its request are dropped. */
  signal?: AbortSignal | undefined;
}

/**
 * Runs `document` again every `intervalMs` until `until(answer)`, yielding each answer: "poll a
 * pentest's state every 30 s until done". Every request goes through `client.request`, so a watch
 * outlives any number of tokens; a transient failure is tried again with backoff (`retries`,
 * `retryDelayMs`), any other is thrown. Where there is a page, nothing is sent while it is hidden,
 * and the next request goes out as soon as it is shown again.
 *
 * A standalone function rather than a method of the client: an app that never watches ships none
 * of it (see docs/choices.md).
 */
export async function* watchOperation<TData, TVariables extends Variables = Variables>(
  client: AuthClient,
  document: GraphQLDocument<TData, TVariables>,
  variables: NoInfer<TVariables>,
  { until, intervalMs, signal, ...retry }: WatchOptions<TData>,
): AsyncGenerator<TData, void, undefined> {
  if (!(Number.isFinite(intervalMs) && intervalMs >= 0))
    throw new TypeError(`watchOperation: intervalMs must be a number of ms ≥ 0, got ${String(intervalMs)}`);
  for (let first = true; ; first = false) {
    if (!first) await abortableDelay(intervalMs, signal);
    await pageVisible(signal);
    if (signal?.aborted) return;
    let data: TData;
    try {
      data = await requestPersistently(client, document, variables, signal, retry);
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
    // Judged on arrival: a consumer that stops at the yield has still seen the terminal answer.
    const ended = until(data);
    yield data;
    if (ended) return;
  }
}
