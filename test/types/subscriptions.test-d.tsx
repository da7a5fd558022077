// Type tests, checked by `npm run typecheck` (tsc over test/): useGraphQLSubscription and
// graphqlSubscriptionOptions take their data and variables from a TypedDocumentNode. Each expected
// error below goes stale (and fails tsc) if a wrong variable or a wrong reducer compiled again.
import { useQuery } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import {
  type AuthClient,
  graphqlSubscriptionOptions,
  type GraphQLSubscriptionStatus,
  type TypedDocumentNode,
  useGraphQLSubscription,
} from '../../src/index.js';

interface StateChange {
  seq: number;
  state: string;
}
declare const StateChangesDocument: TypedDocumentNode<{ pentestStateChanged: StateChange }, { op_id: string }>;
declare const TicksDocument: TypedDocumentNode<{ tick: number }, { every?: number }>;
declare const client: AuthClient;

export function SubscriptionHookTypes() {
  const { data, error, status } = useGraphQLSubscription(
    StateChangesDocument,
    { op_id: 'x' },
    { onData: (event) => expectTypeOf(event).toEqualTypeOf<{ pentestStateChanged: StateChange }>() },
  );
  expectTypeOf(data).toEqualTypeOf<{ pentestStateChanged: StateChange } | undefined>();
  expectTypeOf(error).toEqualTypeOf<Error | null>();
  expectTypeOf(status).toEqualTypeOf<GraphQLSubscriptionStatus>();
  // The reducer's previous value is what it returns, or undefined when nothing is cached yet.
  useGraphQLSubscription(
    StateChangesDocument,
    { op_id: 'x' },
    {
      queryKey: ['seqs'],
      reduce: (previous: number[] | undefined, event) => [...(previous ?? []), event.pentestStateChanged.seq],
      eventKey: (event) => event.pentestStateChanged.seq,
    },
  );
  // Optional variables only: they may be left out.
  expectTypeOf(useGraphQLSubscription(TicksDocument).data).toEqualTypeOf<{ tick: number } | undefined>();
  // @ts-expect-error: `$op_id: String!` is required
  useGraphQLSubscription(StateChangesDocument);
  // @ts-expect-error: op_id is a string
  useGraphQLSubscription(StateChangesDocument, { op_id: 1 });
  // @ts-expect-error: the event has no `tick`
  useGraphQLSubscription(StateChangesDocument, { op_id: 'x' }, { onData: (event) => expectTypeOf(event).toHaveProperty('tick') });
  return null;
}

export function SubscriptionQueryOptionsTypes() {
  // Without a reducer the query holds the latest event.
  const latest = useQuery(graphqlSubscriptionOptions(client, StateChangesDocument, { op_id: 'x' }));
  expectTypeOf(latest.data).toEqualTypeOf<{ pentestStateChanged: StateChange } | undefined>();
  // With one, what it folds the events into, from initialValue.
  const seqs = useQuery(
    graphqlSubscriptionOptions(
      client,
      StateChangesDocument,
      { op_id: 'x' },
      { reduce: (seen: number[], event) => [...seen, event.pentestStateChanged.seq], initialValue: [] },
    ),
  );
  expectTypeOf(seqs.data).toEqualTypeOf<number[] | undefined>();
  // @ts-expect-error: a reducer needs its initialValue
  graphqlSubscriptionOptions(client, StateChangesDocument, { op_id: 'x' }, { reduce: (seen: number[]) => seen });
  // @ts-expect-error: op_id is a string
  graphqlSubscriptionOptions(client, StateChangesDocument, { op_id: 1 });
  return null;
}
