// A plain Node server: @hono/node-server turns a fetch-standard handler into a request listener.
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { createGraphQLProxy } from 'graphql-jwt-auth-react/server';

const proxy = createGraphQLProxy({
  apiKey: process.env.API_KEY ?? '',
  region: 'eu',
  authorizeRequest: (request) => request.headers.get('cookie')?.includes('session=') === true,
});
const listener = getRequestListener(proxy);
createServer((req, res) => void listener(req, res)).listen(8787, '127.0.0.1');
// Hono: app.post('/api/graphql', (c) => proxy(c.req.raw)). Bun / Deno: serve({ fetch: proxy }).
