// server.mjs: plain JavaScript, runs as it is on Node 20 or later: `node server.mjs`
// npm install graphql-jwt-auth-react graphql @hono/node-server
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache } from 'graphql-jwt-auth-react/server';

const options = {
  apiKey: process.env.API_KEY ?? '',
  region: 'us',
  // The mock service (npx -p graphql-jwt-auth-react graphql-jwt-auth-mock); leave `regions` out for the real service's us/eu.
  regions: { us: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4000' },
  // Your own check of your user: here, any session cookie. Required: nothing lets everyone in.
  authorizeRequest: (request) => request.headers.get('cookie')?.includes('session=') === true,
  // The token handler and the proxy hold one token between them.
  tokenCache: memoryTokenCache(),
};
const tokenHandler = createTokenHandler(options);
const graphqlProxy = createGraphQLProxy(options);

const routes = {
  '/api/token': tokenHandler,
  '/api/graphql': graphqlProxy,
  // A readiness probe: 503 while /v1/auth refuses the key or cannot be reached (the handlers keep
  // asking, with backoff); ready() asks for a token first when none is held yet.
  '/healthz': async () => {
    const status = await graphqlProxy.ready();
    return Response.json(status, { status: status.state === 'failing' ? 503 : 200 });
  },
};
const listener = getRequestListener((request) => {
  const route = routes[new URL(request.url).pathname];
  return route === undefined ? new Response('Not Found', { status: 404 }) : route(request);
});
const server = createServer((req, res) => void listener(req, res));
server.listen(Number(process.env.PORT ?? 8787), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
