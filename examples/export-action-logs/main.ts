import { createAuthClient } from 'graphql-jwt-auth-react/core';
import { exportActionLogs } from './export-action-logs.js';

// npx tsx main.ts OP_ID [PAGE_SIZE] > logs.ndjson
// The key comes from GRAPHQL_JWT_API_KEY, the service from GRAPHQL_JWT_BASE_URL (the mock's address
// when you try it: npx -p graphql-jwt-auth-react graphql-jwt-auth-mock); progress goes to stderr, the
// logs to stdout. PAGE_SIZE defaults to the CLI's 100.
const [opId, pageSize = '100'] = process.argv.slice(2);
const apiKey = process.env.GRAPHQL_JWT_API_KEY;
const baseUrl = process.env.GRAPHQL_JWT_BASE_URL;
if (opId === undefined || apiKey === undefined || baseUrl === undefined || !/^[1-9]\d*$/.test(pageSize)) {
  process.stderr.write('usage: GRAPHQL_JWT_API_KEY=… GRAPHQL_JWT_BASE_URL=… tsx main.ts OP_ID [PAGE_SIZE] > logs.ndjson\n');
  process.exit(2);
}
const client = createAuthClient({ apiKey, region: 'service', regions: { service: baseUrl } });
const stop = new AbortController();
process.once('SIGINT', () => {
  stop.abort();
});
const written = await exportActionLogs(client, {
  opId,
  pageSize: Number(pageSize),
  write: (line) => process.stdout.write(line),
  onProgress: (message) => process.stderr.write(`${message}\n`),
  signal: stop.signal,
});
process.stderr.write(`${String(written)} action logs written\n`);
client.dispose();
