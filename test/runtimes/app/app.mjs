// The small app every runtime serves (npm run test:runtimes): the token handler, the GraphQL proxy and
// the /core client with an API key, all from the built entries, with the mock service as upstream.
// Plain JavaScript, so each runtime loads it as it is: Bun and Deno directly, workerd through esbuild.
import { createGraphQLProxy, createTokenHandler } from '../../../dist/server.js';

export const SESSION_COOKIE = 'session=signed-in';
const HELLO = '{ hello }';

/**
 * `upstream` is the mock service's base URL, `apiKey` its key; `waitUntil` is the runtime's way of
 * keeping a promise alive after answering (Workers' ctx.waitUntil), when it has one.
 */
export function createRuntimeApp({ upstream, apiKey, waitUntil }) {
  const shared = {
    apiKey,
    region: 'local',
    // A base URL: /v1/auth and /v1/graphql under it.
    regions: { local: upstream },
    authorizeRequest: (request) => request.headers.get('cookie') === SESSION_COOKIE,
    ...(waitUntil === undefined ? {} : { waitUntil }),
  };
  const tokenHandler = createTokenHandler(shared);
  const proxy = createGraphQLProxy(shared);
  // The same proxy running only the app's list of operations (docs/trusted-documents.md).
  const listedProxy = createGraphQLProxy({ ...shared, operations: { 'hello-id': HELLO }, logger: { warn: () => undefined, error: console.error } });
  // /core loads graphql-request, and with it graphql, which reads process.env.NODE_ENV when loaded:
  // Deno needs --allow-env=NODE_ENV for it. Loaded on first use, so the server entries above run on
  // Deno with --allow-net alone.
  let client;

  async function coreRequest() {
    try {
      client ??= import('../../../dist/core.js').then(({ createAuthClient }) => createAuthClient({ apiKey, region: 'local', regions: shared.regions }));
      return Response.json({ data: await (await client).request(HELLO) });
    } catch (error) {
      return Response.json({ error: { name: error?.name, message: error?.message } }, { status: 500 });
    }
  }

  return async function fetchHandler(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/token') return tokenHandler(request);
    if (pathname === '/api/graphql') return proxy(request);
    if (pathname === '/api/graphql-listed') return listedProxy(request);
    if (pathname === '/core') return coreRequest();
    if (pathname === '/runtime') return Response.json({ runtime: runtimeName() });
    return new Response('not found', { status: 404 });
  };
}

function runtimeName() {
  if (typeof globalThis.Bun !== 'undefined') return `bun ${globalThis.Bun.version}`;
  if (typeof globalThis.Deno !== 'undefined') return `deno ${globalThis.Deno.version.deno}`;
  if (globalThis.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  return `node ${globalThis.process?.version ?? '?'}`;
}
