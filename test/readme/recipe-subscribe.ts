import { createAuthClient, graphqlSubscriptions, type Regions } from 'graphql-jwt-auth-react/core';

type StateChanged = { pentestStateChanged: { seq: number; op_id: string; state: string } };

const STATE_CHANGES = /* GraphQL */ `
  subscription StateChanges($op: String!) {
    pentestStateChanged(op_id: $op) {
      seq
      op_id
      state
    }
  }
`;

/** Prints a pentest's state as the service reports it, across every renewal, until `signal` aborts. */
export function followPentest(apiKey: string, regions: Regions, opId: string, signal: AbortSignal, print: (line: string) => void): Promise<void> {
  const client = createAuthClient({
    apiKey,
    region: 'us',
    regions,
    // The app imports the library (only when it first subscribes), so that a bundler includes it too.
    subscriptions: graphqlSubscriptions({ transport: 'ws', load: () => import('graphql-ws') }),
  });
  return new Promise((resolve, reject) => {
    client.subscribe<StateChanged, { op: string }>(
      STATE_CHANGES,
      { op: opId },
      {
        onData: ({ pentestStateChanged: { seq, state } }) => print(`#${String(seq)} ${state}`),
        // While the subscription moves to a new token, both connections deliver for a moment: the seq drops the repeats.
        eventKey: ({ pentestStateChanged }) => pentestStateChanged.seq,
        onError: (error) => {
          client.dispose();
          reject(error);
        },
        signal,
      },
    );
    signal.addEventListener('abort', () => {
      client.dispose();
      resolve();
    });
  });
}
