import { type DataTag, experimental_streamedQuery, type QueryFunction, type QueryFunctionContext } from '@tanstack/react-query';
import { type GraphQLQueryKey, identityQueryKey } from '../core/client/query-key.js';
import type { AuthClient } from '../core/client/types.js';
import type { GraphQLDocument, Variables } from '../core/wire/transport.js';
import type { VariablesArgs } from '../core/wire/variables.js';
import type { GraphQLQueryKeyOptions } from './graphql-query-options.js';
import { subscriptionEvents } from './subscription-events.js';

/** How events become the query's data: a reducer from `initialValue`, or (without one) the latest event. */
export type GraphQLSubscriptionReducer<TData, TCached> =
  { reduce: (previous: TCached, event: TData) => TCached; initialValue: TCached } | { reduce?: never; initialValue?: never };

export type GraphQLSubscriptionQueryOptions<TData, TCached = TData> = GraphQLQueryKeyOptions &
  GraphQLSubscriptionReducer<TData, TCached> & {
    /** As `client.subscribe`'s: drops the events both connections deliver while the subscription moves to a new token. */
    eventKey?: (data: TData) => unknown;
    /** React Query's streamedQuery `refetchMode` for a resubscribe (a refetch): `reset` (default) starts from nothing, `append` keeps reducing onto the data. */
    refetchMode?: 'reset' | 'append' | 'replace';
  };

/** What graphqlSubscriptionOptions returns, for `useQuery`: a typed key, so `getQueryData(options.queryKey)` knows the data. */
export interface GraphQLSubscriptionQueryOptionsResult<TCached> {
  queryKey: DataTag<GraphQLQueryKey, TCached, Error>;
  queryFn: QueryFunction<TCached, GraphQLQueryKey>;
  /** false: the client already retried lost connections and auth outages; what reaches the query ended the subscription for good. */
  retry: false;
}

/**
 * React Query options that keep a GraphQL subscription's events in the cache, for `useQuery`: the
 * query is pending until the first event, then holds the latest event (or `reduce`'s fold of them
 * from `initialValue`), and stays fetching while the subscription lives. It subscribes through
 * `client.subscribe` (the client's `subscriptions`, across token renewals) when the query fetches, and
 * unsubscribes when its last observer goes (or the query is cancelled); a refetch subscribes anew.
 * Built on React Query's `experimental_streamedQuery`. The query function settles only when the server
 * completes the subscription: `fetchQuery`, `ensureQueryData` and `useSuspenseQuery` would wait that long.
 */
export function graphqlSubscriptionOptions<TData = unknown, TVariables extends Variables = Variables, TCached = TData>(
  client: AuthClient,
  document: GraphQLDocument<TData, TVariables>,
  ...[variables, options]: VariablesArgs<TVariables, [options?: GraphQLSubscriptionQueryOptions<TData, TCached>]>
): GraphQLSubscriptionQueryOptionsResult<TCached> {
  const { reduce, initialValue, eventKey, refetchMode, queryKeyPrefix } = options ?? {};
  const streamFn = ({ signal }: QueryFunctionContext<GraphQLQueryKey>) =>
    // Reading `signal` lets React Query cancel the stream, and so unsubscribe, when the last observer goes.
    subscriptionEvents(client, document, variables, { signal, ...(eventKey === undefined ? {} : { eventKey }) });
  const queryFn =
    reduce === undefined
      ? experimental_streamedQuery<TData, TCached, GraphQLQueryKey>({
          streamFn,
          reducer: (_previous, event) => event as unknown as TCached,
          // Only returned when the server completes before any event: the query then fails (React Query holds no undefined data).
          initialValue: undefined as TCached,
          ...(refetchMode === undefined ? {} : { refetchMode }),
        })
      : experimental_streamedQuery<TData, TCached, GraphQLQueryKey>({
          streamFn,
          reducer: reduce,
          initialValue,
          ...(refetchMode === undefined ? {} : { refetchMode }),
        });
  return {
    queryKey: identityQueryKey(client.identity, document, variables, queryKeyPrefix) as DataTag<GraphQLQueryKey, TCached, Error>,
    queryFn,
    retry: false,
  };
}
