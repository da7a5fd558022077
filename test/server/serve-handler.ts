import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { afterEach } from 'vitest';
import type { ServerHandler, TenantServerHandler } from '../../src/server/index.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Serves a handler over Node's http through the documented adapter, on 127.0.0.1; closed and disposed after the test. */
export async function serveHandler(handler: ServerHandler | TenantServerHandler): Promise<string> {
  const listener = getRequestListener(handler);
  const server = createServer((req, res) => {
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  cleanups.push(() => {
    handler.dispose();
    return new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
      server.closeAllConnections();
    });
  });
  return `http://127.0.0.1:${address.port}`;
}

export const SESSION_COOKIE = 'session=signed-in';

/** The app's own check: a demo session cookie. */
export const hasSession = (request: Request) => request.headers.get('cookie') === SESSION_COOKIE;

/** A browser's fetch, as far as the server can tell: the app's cookie goes with every call. */
export const withSession: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('cookie', SESSION_COOKIE);
  return fetch(input, { ...init, headers });
};

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: SESSION_COOKIE, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
