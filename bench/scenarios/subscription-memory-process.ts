/**
 * One client of the subscription memory row, in a Node process of its own run with --expose-gc so
 * that the heap it reports is the client's alone (the mock runs in the bench's process), bundled by
 * esbuild with the built package (dist/) as an app runs it, not under tsx (see bundled). Arguments:
 * `ours` or `bare`, the mock's base URL, how many subscriptions, the pentest whose state changes they
 * follow. Subscribes them all on one connection, waits until each has had an event, then prints one
 * JSON line, the heap after a full collection before the client was made and then, and stays up
 * (subscribed) until the bench kills it.
 */
import { createClient } from 'graphql-ws';
import { createAuthClient, graphqlSubscriptions } from 'graphql-jwt-auth-react/core';
import { fetchToken } from '../contenders/contender.js';
import { BENCH_API_KEY } from '../support/service.js';
import { until } from '../support/stats.js';

const [mode, baseUrl = '', countText = '0', opId = ''] = process.argv.slice(2);
const count = Number(countText);
const QUERY = 'subscription StateChanges($op: String!) { pentestStateChanged(op_id: $op) { seq } }';

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with --expose-gc');
const heap = () => {
  // Twice: the first collection's finalizers may free more for the second.
  collect();
  collect();
  return process.memoryUsage().heapUsed;
};

const heard = new Set<number>();
const before = heap();
if (mode === 'ours') {
  const client = createAuthClient({
    apiKey: BENCH_API_KEY,
    region: 'us',
    regions: { us: baseUrl },
    subscriptions: graphqlSubscriptions({ transport: 'ws', load: () => import('graphql-ws') }),
  });
  for (let index = 0; index < count; index++) {
    client.subscribe(QUERY, { op: opId }, { onData: () => heard.add(index) });
  }
} else {
  const token = await fetchToken(baseUrl, BENCH_API_KEY);
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/v1/graphql`,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  for (let index = 0; index < count; index++) {
    client.subscribe({ query: QUERY, variables: { op: opId } }, { next: () => heard.add(index), error: () => undefined, complete: () => undefined });
  }
}
await until(() => heard.size === count, 'an event on every subscription', 60_000);
console.log(JSON.stringify({ before, after: heap() }));
// Held open until killed: the bench reads the mock's records of these subscriptions meanwhile.
setInterval(() => undefined, 60_000);
