// In the browser (BFF mode): a subscription as an event stream through the app's proxy. No key and no
// token here: the proxy holds both, and moves its own stream upstream to each new token before expiry.
import { createAuthClient, graphqlProxy, graphqlSubscriptions } from 'graphql-jwt-auth-react/core';

const STATE_CHANGES = 'subscription StateChanges($op: String!) { pentestStateChanged(op_id: $op) { seq state } }';

export function watchPentestState(proxyUrl: string, opId: string, onState: (state: string, seq: number) => void): () => void {
  const client = createAuthClient({
    graphqlProxy: graphqlProxy(proxyUrl),
    subscriptions: graphqlSubscriptions({
      transport: 'sse',
      // The proxy answers event streams at its own URL (without this, the stream would go to proxyUrl + '/stream').
      url: (url) => url,
      // A browser bundle hands the library over, code-split: only an app that subscribes loads it.
      load: () => import('graphql-sse'),
    }),
  });
  const unsubscribe = client.subscribe<{ pentestStateChanged: { seq: number; state: string } }, { op: string }>(
    STATE_CHANGES,
    { op: opId },
    {
      onData: ({ pentestStateChanged }) => {
        onState(pentestStateChanged.state, pentestStateChanged.seq);
      },
    },
  );
  return () => {
    unsubscribe();
    client.dispose();
  };
}
