// @vitest-environment node
import { ClientError } from 'graphql-request';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type AuthClient, AuthConfigError, AuthRequestError, createAuthClient, graphqlProxy, SignedOutError, TokenExpiredError } from '../../src/index.js';
import { createGraphQLProxy } from '../../src/server/index.js';
import { PentestsDocument } from '../support/documents.js';
import { API_KEY, startService, waitUntil, type Running } from '../support/fixtures.js';
import { hasSession, serveHandler, withSession } from './serve-handler.js';

/** The app's proxy on 127.0.0.1; `seen` gets every request the proxy is asked to authorize. */
async function servedProxy(running: Running, seen: Request[] = []) {
  const proxy = createGraphQLProxy({
    apiKey: API_KEY,
    region: 'test',
    regions: { test: running.baseUrl },
    authorizeRequest: (request) => {
      seen.push(request);
      return hasSession(request);
    },
  });
  return `${await serveHandler(proxy)}/api/graphql`;
}

/** A browser in BFF mode with the app's session cookie; `sends` counts what it sent. */
function browserClient(url: string, sends = { count: 0 }, fetchImpl: typeof fetch = withSession) {
  return createAuthClient({
    graphqlProxy: graphqlProxy(url),
    fetch: (input, init) => {
      sends.count += 1;
      return fetchImpl(input, init);
    },
  });
}

/** A 127.0.0.1 port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return address.port;
}

describe('graphqlProxy mode: the browser client’s own state', () => {
  it('starts idle, has no token to give, and refresh() resolves to no token', async () => {
    const client = browserClient(await servedProxy(await startService()));

    expect(client.store.getState().status).toBe('idle');
    const refused = await client.getToken().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthConfigError);
    expect(refused).toHaveProperty('message', 'graphqlProxy mode keeps the token on the server');
    expect(await client.refresh()).toBe('');
  });

  it('retain() hands back a release, as every client does', async () => {
    const client = browserClient(await servedProxy(await startService()));

    const release = client.retain();

    expect(() => {
      release();
    }).not.toThrow();
  });

  it('signOut(): status signedOut, listeners told once, requests refused with SignedOutError and not sent', async () => {
    const running = await startService();
    const sends = { count: 0 };
    const client = browserClient(await servedProxy(running), sends);
    await client.request(PentestsDocument, { page_size: 1 });
    const told: string[] = [];
    client.onSignOut(() => told.push('kept'));
    const unsubscribe = client.onSignOut(() => told.push('unsubscribed'));
    unsubscribe();

    client.signOut();

    expect(client.store.getState()).toMatchObject({ status: 'signedOut', error: null });
    expect(told).toEqual(['kept']);
    await expect(client.request(PentestsDocument, { page_size: 1 })).rejects.toThrow(new SignedOutError());
    expect(sends.count).toBe(1);
  });

  it('refresh() lifts a sign-out: status idle, and the next request is sent', async () => {
    const running = await startService();
    const sends = { count: 0 };
    const client = browserClient(await servedProxy(running), sends);
    client.signOut();

    await client.refresh();

    expect(client.store.getState()).toMatchObject({ status: 'idle', error: null });
    await client.request(PentestsDocument, { page_size: 1 });
    expect(sends.count).toBe(1);
    expect(client.store.getState().status).toBe('authenticated');
  });

  it.each([
    [
      'signOut()',
      (client: AuthClient) => {
        client.signOut();
        return Promise.resolve();
      },
    ],
    // refresh() and signOut() each start a new generation of requests: together they must not undo each other.
    [
      'refresh() then signOut()',
      async (client: AuthClient) => {
        await client.refresh();
        client.signOut();
      },
    ],
  ])('an answer that arrives after %s does not bring the status back to authenticated', async (_label, stop) => {
    const running = await startService();
    const client = browserClient(await servedProxy(running));
    const release = running.service.pauseGraphql();
    const answered = client.request(PentestsDocument, { page_size: 1 });
    await waitUntil(() => running.service.graphqlCalls.length === 1);

    await stop(client);
    release();

    expect((await answered).pentests_page.pentests).toHaveLength(1);
    expect(client.store.getState().status).toBe('signedOut');
  });

  it('a refusal that arrives after signOut() does not turn the sign-out into an error', async () => {
    const running = await startService();
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    // No session cookie: the proxy refuses with 401, once the test lets the request go.
    const client = browserClient(await servedProxy(running), { count: 0 }, async (input, init) => {
      await held;
      return fetch(input, init);
    });
    const refused = client.request(PentestsDocument, { page_size: 1 }).catch((error: unknown) => error);

    client.signOut();
    letThrough();

    expect(await refused).toBeInstanceOf(AuthRequestError);
    expect(client.store.getState()).toMatchObject({ status: 'signedOut', error: null });
  });

  it('the proxy’s 401 is an AuthRequestError naming the app’s proxy and its authorizeRequest, the proxy’s answer as its cause; refresh() makes the status idle', async () => {
    const running = await startService();
    const url = await servedProxy(running);
    const client = browserClient(url, { count: 0 }, fetch);

    const refused = await client.request(PentestsDocument, { page_size: 1 }).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AuthRequestError);
    expect(refused).toHaveProperty(
      'message',
      `The app's GraphQL proxy ${url} refused the request (401): not authorized. The app's authorizeRequest refused this request: sign the user in first, so that their session (a cookie) reaches ${url}`,
    );
    const { cause } = refused as AuthRequestError;
    expect(cause).toBeInstanceOf(ClientError);
    expect((cause as ClientError).response.status).toBe(401);
    expect(client.store.getState()).toMatchObject({ status: 'error', error: refused });
    await client.refresh();
    expect(client.store.getState()).toMatchObject({ status: 'idle', error: null });
  });

  it('the request’s own headers reach the proxy', async () => {
    const running = await startService();
    const seen: Request[] = [];
    const client = browserClient(await servedProxy(running, seen));

    await client.request(PentestsDocument, { page_size: 1 }, { headers: { 'x-request-id': 'trace-1' } });

    expect(seen.map((request) => request.headers.get('x-request-id'))).toEqual(['trace-1']);
  });

  it('a proxy that cannot be reached: the request fails with the fetch’s own error', async () => {
    const failures: unknown[] = [];
    const client = browserClient(`http://127.0.0.1:${await closedPort()}/api/graphql`, { count: 0 }, (input, init) =>
      fetch(input, init).catch((error: unknown) => {
        failures.push(error);
        throw error;
      }),
    );

    const error = await client.request(PentestsDocument, { page_size: 1 }).catch((caught: unknown) => caught);

    expect(failures).toHaveLength(1);
    expect(error).toBe(failures[0]);
  });

  it('a proxy that lets the service’s "token expired" answer through: TokenExpiredError, not retried', async () => {
    const running = await startService();
    const { token } = (await (await fetch(`${running.baseUrl}/v1/auth`, { method: 'POST', body: JSON.stringify({ key: API_KEY }) })).json()) as {
      token: string;
    };
    running.service.expireTokensNow();
    const sends = { count: 0 };
    // The service's GraphQL endpoint with an expired token stands in for a proxy that hands its answer on.
    const client = browserClient(`${running.baseUrl}/v1/graphql`, sends, (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      return fetch(input, { ...init, headers });
    });

    const error = await client.request(PentestsDocument, { page_size: 1 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(TokenExpiredError);
    expect(error).toHaveProperty('status', 401);
    expect(sends.count).toBe(1);
  });
});
