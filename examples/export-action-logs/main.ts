import { createAuthClient } from 'graphql-jwt-auth-react/core';
import { exportActionLogs } from './export-action-logs.js';

// npx tsx examples/export-action-logs/main.ts OP_ID > logs.ndjson
// The key comes from GRAPHQL_JWT_API_KEY, the service from GRAPHQL_JWT_BASE_URL (the mock's address
// when you try it: npm run mock-service); progress goes to stderr, the logs to stdout.
const [opId] = process.argv.slice(2);
const apiKey = process.env.GRAPHQL_JWT_API_KEY;
const baseUrl = process.env.GRAPHQL_JWT_BASE_URL;
if (opId === undefined || apiKey === undefined || baseUrl === undefined) {
  process.stderr.write('usage: GRAPHQL_JWT_API_KEY=… GRAPHQL_JWT_BASE_URL=… tsx main.ts OP_ID > logs.ndjson\n');
  process.exit(2);
}
const client = createAuthClient({ apiKey, region: 'service', regions: { service: baseUrl } });
const stop = new AbortController();
process.once('SIGINT', () => {
  stop.abort();
});
const written = await exportActionLogs(client, {
  opId,
  write: (line) => process.stdout.write(line),
  onProgress: (message) => process.stderr.write(`${message}\n`),
  signal: stop.signal,
});
process.stderr.write(`${String(written)} action logs written\n`);
client.dispose();
