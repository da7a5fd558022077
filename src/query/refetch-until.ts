import type { Query, QueryKey } from '@tanstack/react-query';
import type { GraphQLQueryKey } from '../core/client/query-key.js';
import { isTransientFailure } from '../core/wire/transient-failure.js';

export interface RefetchUntilOptions<TData> {
  /** True for an answer that ends the watch (a terminal state): no refetch after it. */
  until: (data: TData) => boolean;
  /** The wait between one answer and the next refetch. */
  intervalMs: number;
  /** The longest wait between refetches while they fail (each failure in a row doubles it). Default 5 min. */
  maxBackoffMs?: number;
}

/** The refetch options refetchUntil sets: spread them into a query's options, beside the app's own. */
/** `TQueryKey`: the query's key, the library's own for its hooks and graphqlQueryOptions. */
export interface RefetchUntilQueryOptions<TData, TQueryKey extends QueryKey = GraphQLQueryKey> {
  refetchInterval: (query: Query<TData, Error, TData, TQueryKey>) => number | false;
  refetchIntervalInBackground: false;
  refetchOnWindowFocus: (query: Query<TData, Error, TData, TQueryKey>) => boolean;
  refetchOnReconnect: (query: Query<TData, Error, TData, TQueryKey>) => boolean;
}

const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;

/** Per query: how many of its failures had happened by its last answer, to count the failures since. */
const failuresAtLastAnswer = new WeakMap<object, number>();

/**
 * React Query options that refetch every `intervalMs` until `until(data)`: "poll a pentest's state
 * every 30 s until done". Polling stops at the terminal answer; after a transient failure (the
 * library's own notion, as the hooks retry) the wait doubles per failure in a row up to
 * `maxBackoffMs`, and any other failure stops it (refetch() starts again). Nothing is sent while
 * the page is hidden (`refetchIntervalInBackground: false`); showing the page again, or the network
 * coming back, refetches at once unless the watch has ended. For useGraphQLQuery, useQuery with
 * graphqlQueryOptions, or useSuspenseQuery; every refetch goes through the client, across renewals.
 */
export function refetchUntil<TData, TQueryKey extends QueryKey = GraphQLQueryKey>({
  until,
  intervalMs,
  maxBackoffMs = DEFAULT_MAX_BACKOFF_MS,
}: RefetchUntilOptions<TData>): RefetchUntilQueryOptions<TData, TQueryKey> {
  if (!(Number.isFinite(intervalMs) && intervalMs > 0)) throw new TypeError(`refetchUntil: intervalMs must be a number of ms > 0, got ${String(intervalMs)}`);
  const ended = (query: Query<TData, Error, TData, TQueryKey>) => query.state.data !== undefined && until(query.state.data);
  const stillWatching = (query: Query<TData, Error, TData, TQueryKey>) => !ended(query);
  return {
    refetchInterval: (query) => {
      if (ended(query)) return false;
      const { status, error, errorUpdateCount } = query.state;
      if (status !== 'error') {
        failuresAtLastAnswer.set(query, errorUpdateCount);
        return intervalMs;
      }
      if (!isTransientFailure(error)) return false;
      const inARow = errorUpdateCount - (failuresAtLastAnswer.get(query) ?? 0);
      return Math.min(intervalMs * 2 ** inARow, Math.max(maxBackoffMs, intervalMs));
    },
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: stillWatching,
    refetchOnReconnect: stillWatching,
  };
}
