import { abortableDelay } from '../wire/abortable-delay.js';
import { EARLY_TIMER_SLACK_MS, MAX_RETRY_AFTER_MS } from '../wire/retry-after.js';
import { retryableFailureOf, retryAfterOf } from '../wire/transient-failure.js';
import type { GraphQLDocument, Variables } from '../wire/transport.js';
import type { VariablesArgs } from '../wire/variables.js';
import type { AuthClient, RequestInit } from './types.js';

/** How a long-running loop (watchOperation, allPages) rides out a flaky service. */
export interface TransientRetryOptions {
  /** Transient failures in a row tried again before the last one is thrown. Default 5. */
  retries?: number;
  /** The wait after the first transient failure, doubled after each next one, at most 30 s. Default 1000. */
  retryDelayMs?: number;
}

const DEFAULT_RETRIES = 5;
const DEFAULT_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * One operation through `client.request` (so renewal, single flight and the retry once on an expired
 * answer apply), tried again after a transient failure (the library's own notion, as the hooks
 * retry) with a doubling wait never shorter than the answer's `Retry-After`. Throws the failure that
 * is not transient, the last of too many, or the signal's reason once it aborts.
 */
export async function requestPersistently<TData, TVariables extends Variables>(
  client: AuthClient,
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  signal: AbortSignal | undefined,
  { retries = DEFAULT_RETRIES, retryDelayMs = DEFAULT_RETRY_DELAY_MS }: TransientRetryOptions,
): Promise<TData> {
  const worthRetrying = retryableFailureOf(document);
  for (let failures = 0; ; failures += 1) {
    try {
      // The public signatures held `variables` to the document already; here TVariables is still open.
      return await client.request(document, ...([variables, { signal }] as VariablesArgs<TVariables, [init: RequestInit]>));
    } catch (error) {
      const asked = retryAfterOf(error);
      if (signal?.aborted || failures >= retries || !worthRetrying(error) || (asked ?? 0) > MAX_RETRY_AFTER_MS) throw error;
      const own = Math.min(retryDelayMs * 2 ** failures, MAX_RETRY_DELAY_MS);
      await abortableDelay(asked === undefined ? own : Math.max(own, asked + EARLY_TIMER_SLACK_MS), signal);
      if (signal?.aborted) throw signal.reason;
    }
  }
}
