// Run by test/package on the system Node with the tarball and the floor of each subscription peer
// (graphql-ws, graphql-sse, ws) installed: client.subscribe over both transports against the mock.
// Prints one JSON line the test reads: the seq of each event each transport delivered.
import { createAuthClient, graphqlSubscriptions } from 'graphql-jwt-auth-react/core';
import { createMockService } from 'graphql-jwt-auth-react/testing';
import WebSocket from 'ws';

const mock = createMockService({
  typeDefs: 'type Query { hello: String! } type Tick { seq: Int! } type Subscription { ticks: Tick! }',
  resolvers: {
    Query: { hello: () => 'world' },
    Subscription: { ticks: { subscribe: (_parent, _args, context) => context.events('ticks'), resolve: (event) => event } },
  },
  apiKeys: ['k'],
});
const { baseUrl, close } = await mock.listen();
// Events go only to topics someone is subscribed to, so publishing every 20 ms waits for the subscription.
const stopEmitting = mock.emitEvery(20);

function threeEvents(transport) {
  // Node 20 has no global WebSocket: ws's is handed over (an app on Node 22+ or in a browser needs none).
  const subscriptions = graphqlSubscriptions({
    transport,
    load: () => (transport === 'ws' ? import('graphql-ws') : import('graphql-sse')),
    webSocketImpl: WebSocket,
  });
  const client = createAuthClient({ apiKey: 'k', region: 'test', regions: { test: baseUrl }, subscriptions });
  return new Promise((resolve, reject) => {
    const seqs = [];
    const unsubscribe = client.subscribe('subscription Ticks { ticks { seq } }', undefined, {
      onData: ({ ticks }) => {
        seqs.push(ticks.seq);
        if (seqs.length < 3) return;
        unsubscribe();
        client.dispose();
        resolve(seqs);
      },
      onError: reject,
    });
  });
}

const result = { ws: await threeEvents('ws'), sse: await threeEvents('sse') };
stopEmitting();
await close();
console.log(JSON.stringify(result));
