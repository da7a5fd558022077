// src/App.tsx: the first pentest's state changes, live. The browser opens the service's WebSocket with
// the token server.mjs's /api/token handed it, and moves it to each new token before the old one
// expires; the list shows each change with its sequence number.
import { parse } from 'graphql';
import { graphqlSubscriptions, type TypedDocumentNode, useGraphQLQuery, useGraphQLSubscription } from 'graphql-jwt-auth-react';
import { useState } from 'react';

type Pentests = { pentests_page: { pentests: { op_id: string; name: string }[] } };
type StateChange = { seq: number; state: string };

const PentestsDocument: TypedDocumentNode<Pentests, { page_size: number }> = parse(
  'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name } } }',
);
const StateChangedDocument: TypedDocumentNode<{ pentestStateChanged: StateChange }, { op_id: string }> = parse(
  'subscription StateChanged($op_id: String!) { pentestStateChanged(op_id: $op_id) { seq state } }',
);

// For main.tsx's <AuthProvider>: graphql-ws, loaded on the first subscription (the bundler splits it
// out); the WebSocket goes to the region's GraphQL URL with ws: (wss: for https).
export const subscriptions = graphqlSubscriptions({ transport: 'ws', load: () => import('graphql-ws') });

export function App() {
  const pentests = useGraphQLQuery(PentestsDocument, { page_size: 1 });
  const pentest = pentests.data?.pentests_page.pentests[0];
  const [changes, setChanges] = useState<StateChange[]>([]);
  const { status, error } = useGraphQLSubscription(
    StateChangedDocument,
    { op_id: pentest?.op_id ?? '' },
    {
      enabled: pentest !== undefined,
      onData: ({ pentestStateChanged }) => {
        setChanges((seen) => [...seen, pentestStateChanged]);
      },
      // Drops the events both connections deliver while the subscription moves to a new token.
      eventKey: ({ pentestStateChanged }) => pentestStateChanged.seq,
    },
  );
  if (error) return <p role="alert">{error.name}</p>;
  return (
    <section>
      <h1>{pentest ? `${pentest.name} (${status})` : 'Loading…'}</h1>
      <ol>
        {changes.map(({ seq, state }) => (
          <li key={seq}>
            #{seq} {state}
          </li>
        ))}
      </ol>
    </section>
  );
}
