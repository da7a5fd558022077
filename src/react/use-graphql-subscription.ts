import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import type { VariablesArgs } from '../core/wire/variables.js';
import { subscriberOf } from '../core/client/subscriptions/subscriber-of.js';
import { useAuthContext } from './context.js';
import { useLatest } from './use-latest.js';

/** Where each event goes in React Query's cache: the entry under `queryKey`, reduced from what it holds. */
export interface GraphQLSubscriptionCache<TData, TCached> {
  /** Any query's key: `graphqlQueryOptions(client, PentestDocument, { op_id }).queryKey` updates that query's data. */
  queryKey: QueryKey;
  /**
   * The entry's next data from its current one (`undefined` when nothing is cached) and the event;
   * `undefined` leaves the entry as it is (as `setQueryData` does), e.g. while its query has not answered.
   */
  reduce: (previous: TCached | undefined, event: TData) => TCached | undefined;
}

export interface GraphQLSubscriptionOptions<TData, TCached = unknown> extends Partial<GraphQLSubscriptionCache<TData, TCached>> {
  /** false: not subscribed (an open subscription is closed); true again subscribes anew. Default true. */
  enabled?: boolean;
  /** Each event, in the order the server sent it (after the cache is updated). */
  onData?: (data: TData) => void;
  /** The subscription ended for good (`client.subscribe`'s `onError`): `error` says why. */
  onError?: (error: Error) => void;
  /**
   * A key per event (its sequence number, its id): while the subscription moves to a connection with
   * the next token both deliver for a moment, and an event whose key was delivered already is dropped.
   */
  eventKey?: (data: TData) => unknown;
}

/**
 * idle: not subscribed (`enabled: false`); pending: subscribed, no event yet; receiving: events
 * arrive; completed: the server ended the subscription; error: it ended for good (`error` says why).
 */
export type GraphQLSubscriptionStatus = 'idle' | 'pending' | 'receiving' | 'completed' | 'error';

export interface GraphQLSubscriptionResult<TData> {
  /** The latest event; kept after `completed` and `error`; undefined until the first. */
  data: TData | undefined;
  error: Error | null;
  status: GraphQLSubscriptionStatus;
}

interface SubscriptionState<TData> extends GraphQLSubscriptionResult<TData> {
  /** The subscription this state belongs to: a state of an earlier one (other variables) is not shown. */
  of: object;
}

/**
 * Subscribes to a GraphQL subscription with the provider's client (`subscriptions` on the provider)
 * while mounted, across token renewals; the latest event is `data`. Other variables, another document
 * or `enabled: false` close it (a new one opens for the new variables); so does unmounting. Given
 * `queryKey` and `reduce`, each event also updates that query's cache entry.
 */
export function useGraphQLSubscription<TData = unknown, TVariables extends Variables = Variables, TCached = unknown>(
  document: GraphQLDocument<TData, TVariables>,
  ...[variables, options]: VariablesArgs<TVariables, [options?: GraphQLSubscriptionOptions<TData, TCached>]>
): GraphQLSubscriptionResult<TData> {
  const { client, queryClient } = useAuthContext('useGraphQLSubscription');
  const enabled = options?.enabled ?? true;
  const latest = useLatest({ variables, options });
  const variablesHash = hashKey([variables ?? null]);
  // One object per subscription the hook holds: its identity tells this subscription's state from an earlier one's.
  const subscription = useMemo(() => ({}), [client, document, variablesHash, enabled]); // eslint-disable-line react-hooks/exhaustive-deps -- what identifies a subscription
  const [state, setState] = useState<SubscriptionState<TData> | null>(null);
  const keyed = options?.eventKey !== undefined;

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    const update = (next: (previous: GraphQLSubscriptionResult<TData>) => GraphQLSubscriptionResult<TData>) => {
      if (controller.signal.aborted) return;
      setState((previous) => ({ ...next(previous?.of === subscription ? previous : { data: undefined, error: null, status: 'pending' }), of: subscription }));
    };
    const fail = (error: Error) => {
      update((previous) => ({ data: previous.data, error, status: 'error' }));
      latest.current.options?.onError?.(error);
    };
    try {
      subscriberOf(client)(document, latest.current.variables, {
        signal: controller.signal,
        // Read when each event comes, so an inline function does not resubscribe.
        ...(keyed ? { eventKey: (data: TData) => latest.current.options?.eventKey?.(data) } : {}),
        onData: (data) => {
          const { options: now } = latest.current;
          if (now?.queryKey !== undefined && now.reduce !== undefined) {
            const { reduce } = now;
            queryClient.setQueryData<TCached>(now.queryKey, (previous) => reduce(previous, data));
          }
          now?.onData?.(data);
          update(() => ({ data, error: null, status: 'receiving' }));
        },
        onError: fail,
        onComplete: () => {
          update((previous) => ({ ...previous, status: 'completed' }));
        },
      });
    } catch (error) {
      // No `subscriptions` on the client: its AuthConfigError, as the status, not a crashed tree.
      fail(error instanceof Error ? error : new Error(String(error)));
    }
    return () => {
      controller.abort();
    };
  }, [client, queryClient, document, subscription, enabled, keyed, latest]);

  if (state?.of === subscription) return { data: state.data, error: state.error, status: state.status };
  return { data: undefined, error: null, status: enabled ? 'pending' : 'idle' };
}
