import { useQuery } from '@tanstack/react-query';
import { parse } from 'graphql';
import {
  AuthProvider,
  graphqlQueryOptions,
  graphqlSubscriptionOptions,
  graphqlSubscriptions,
  type TypedDocumentNode,
  useAuthClient,
  useGraphQLQuery,
  useGraphQLSubscription,
} from 'graphql-jwt-auth-react';

type Pentest = { pentest: { op_id: string; name: string; state: string } | null };
type StateChanged = { pentestStateChanged: { seq: number; state: string } };

const PentestDocument: TypedDocumentNode<Pentest, { op_id: string }> = parse('query Pentest($op_id: String!) { pentest(op_id: $op_id) { op_id name state } }');
const StateChangedDocument: TypedDocumentNode<StateChanged, { op_id: string }> = parse(
  'subscription StateChanged($op_id: String!) { pentestStateChanged(op_id: $op_id) { seq state } }',
);

// The provider subscribes over graphql-ws; `load` lets the bundler split it out of the first load.
export function App({ apiKey, children }: { apiKey: string; children: React.ReactNode }) {
  return (
    <AuthProvider apiKey={apiKey} region="us" subscriptions={graphqlSubscriptions({ transport: 'ws', load: () => import('graphql-ws') })}>
      {children}
    </AuthProvider>
  );
}

// The query shows the pentest; the subscription writes each new state into that query's cache entry.
export function LivePentest({ opId }: { opId: string }) {
  const client = useAuthClient();
  const pentest = useGraphQLQuery(PentestDocument, { op_id: opId });
  const { status } = useGraphQLSubscription(
    StateChangedDocument,
    { op_id: opId },
    {
      queryKey: graphqlQueryOptions(client, PentestDocument, { op_id: opId }).queryKey,
      reduce: (previous: Pentest | undefined, event) =>
        previous?.pentest ? { pentest: { ...previous.pentest, state: event.pentestStateChanged.state } } : previous,
      // Drops the events both connections deliver while the subscription moves to a new token.
      eventKey: (event) => event.pentestStateChanged.seq,
    },
  );
  const shown = pentest.data?.pentest;
  return <p>{shown ? `${shown.name}: ${shown.state} (${status})` : 'Loading…'}</p>;
}

// Or as a query of its own: pending until the first event, then the states seen so far.
export function StateHistory({ opId }: { opId: string }) {
  const client = useAuthClient();
  const { data } = useQuery(
    graphqlSubscriptionOptions(
      client,
      StateChangedDocument,
      { op_id: opId },
      {
        reduce: (states: string[], event) => [...states, event.pentestStateChanged.state],
        initialValue: [],
        eventKey: (event) => event.pentestStateChanged.seq,
      },
    ),
  );
  return <p>{data ? data.join(' → ') : 'Waiting for the first change…'}</p>;
}
