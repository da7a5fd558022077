// @vitest-environment node
import { ClientError } from 'graphql-request';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRequestError, createAuthClient } from '../../src/index.js';
import { createGraphQLProxy } from '../../src/server/index.js';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../support/documents.js';
import { API_KEY, startService, type Running } from '../support/fixtures.js';
import { hasSession, post, serveHandler, SESSION_COOKIE, withSession } from './serve-handler.js';
import { graphqlProxy } from '../../src/index.js';

function proxyFor(running: Running, maxBodyBytes?: number) {
  return createGraphQLProxy({
    apiKey: API_KEY,
    region: 'test',
    regions: { test: running.baseUrl },
    authorizeRequest: hasSession,
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
  });
}

async function servedProxy(running: Running, maxBodyBytes?: number) {
  return `${await serveHandler(proxyFor(running, maxBodyBytes))}/api/graphql`;
}

/** A browser in BFF mode: its fetch records every answer it sees, to prove no token reaches it. */
function browserClient(url: string, seen: string[] = []) {
  return createAuthClient({
    graphqlProxy: graphqlProxy(url),
    fetch: async (input, init) => {
      const response = await withSession(input, init);
      seen.push(await response.clone().text(), [...response.headers].join('\n'));
      return response;
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createGraphQLProxy over HTTP', () => {
  it('5 browser clients × 10 queries: 1 upstream /v1/auth call, data for all, no token or key in what the browser sees', async () => {
    const running = await startService();
    const url = await servedProxy(running);
    const seen: string[] = [];
    const browsers = Array.from({ length: 5 }, () => browserClient(url, seen));

    const results = await Promise.all(browsers.flatMap((client) => Array.from({ length: 10 }, () => client.request(PentestsDocument, { page_size: 2 }))));

    expect(results.every((data) => data.pentests_page.pentests.length === 2)).toBe(true);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(50);
    const token = running.service.issuedTokens[0]!;
    expect(seen.filter((text) => text.includes(token) || text.includes(API_KEY))).toEqual([]);
    expect(browsers[0]!.store.getState()).toMatchObject({ status: 'authenticated', token: null });
  });

  it('never forwards the browser’s cookie or authorization upstream: only the server’s bearer', async () => {
    const running = await startService();
    const url = await servedProxy(running);

    const answer = await post(
      url,
      { query: '{ pentests_page(page_input: { page_size: 1 }) { pentests { op_id } } }' },
      { authorization: 'Bearer browser-made-this-up' },
    );

    expect(answer.status).toBe(200);
    const [call] = running.service.graphqlCalls;
    expect(call?.headers.cookie).toBeUndefined();
    expect(call?.headers.authorization).toBe(`Bearer ${running.service.issuedTokens[0]}`);
  });

  it('a server-side expiry: 1 more upstream call in all, 0 failed requests, no expired answer reaches a browser', async () => {
    const running = await startService();
    const url = await servedProxy(running);
    const seen: string[] = [];
    const browsers = Array.from({ length: 5 }, () => browserClient(url, seen));
    await Promise.all(browsers.map((client) => client.request(PentestsDocument)));

    running.service.expireTokensNow();
    const results = await Promise.allSettled(browsers.flatMap((client) => [client.request(PentestsDocument), client.request(PentestsDocument)]));

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(running.service.authCalls).toHaveLength(2);
    expect(seen.filter((text) => text.includes('The incoming token has expired'))).toEqual([]);
  });

  it('a mutation answered "expired" is renewed and sent once more, applied once', async () => {
    const running = await startService();
    const client = browserClient(await servedProxy(running));
    await client.request(PentestsDocument);
    running.service.expireTokensNow();

    const data = await client.request(PauseOpDocument, { op_id: runningOpId() });

    expect(data.pause_op?.op_state).toBe('paused');
    expect(running.service.appliedMutations).toBe(1);
    expect(running.service.graphqlCalls.map((call) => call.expired)).toEqual([false, true, false]);
  });

  it('a mutation whose connection reset is not sent again: one send, a GraphQL error for the browser', async () => {
    const running = await startService();
    const client = browserClient(await servedProxy(running));
    await client.request(PentestsDocument);
    running.service.queueGraphqlFailures('reset');

    const error = await client.request(PauseOpDocument, { op_id: runningOpId() }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).response.status).toBe(502);

    expect(running.service.appliedMutations).toBe(1);
    expect(running.service.graphqlCalls).toHaveLength(2);
  });

  it('a 5xx answer is handed on as it came, never retried', async () => {
    const running = await startService();
    const url = await servedProxy(running);
    await post(url, { query: '{ pentests_count }' });
    running.service.queueGraphqlFailures(503);

    const answer = await post(url, { query: `mutation { pause_op(op_id: "${runningOpId()}") { op_id } }` });

    expect(answer.status).toBe(503);
    expect(running.service.graphqlCalls).toHaveLength(2);
  });

  it('GraphQL errors and operationName pass through untouched', async () => {
    const running = await startService();
    const url = await servedProxy(running);

    const invalid = await post(url, { query: '{ nope }' });
    const named = await post(url, { query: 'query A { pentests_count } query B { session_user_account { uuid } }', operationName: 'B' });

    expect(((await invalid.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
    expect(await named.json()).toMatchObject({ data: { session_user_account: { uuid: expect.any(String) as string } } });
  });

  it.each([
    ['GET', 405, { method: 'GET' }],
    ['a non-JSON body type', 415, { headers: { 'content-type': 'text/plain' } }],
    ['Sec-Fetch-Site: cross-site', 403, { headers: { 'sec-fetch-site': 'cross-site' } }],
    ['a foreign Origin', 403, { headers: { origin: 'https://evil.example' } }],
    ['no session cookie', 401, { headers: { cookie: '' } }],
    ['a body over maxBodyBytes', 413, { body: JSON.stringify({ query: `{ pentests_count } #${'x'.repeat(2_000)}` }) }],
    ['a body without a query', 400, { body: '{"variables":{}}' }],
  ])(
    'refuses %s with %i, no-store, and nothing sent upstream',
    async (_label, status, change: { method?: string; headers?: Record<string, string>; body?: string }) => {
      const running = await startService();
      const url = await servedProxy(running, 1_024);
      const method = change.method ?? 'POST';
      const headers = { 'content-type': 'application/json', cookie: SESSION_COOKIE, ...change.headers };

      const answer = await fetch(url, { method, headers, ...(method === 'GET' ? {} : { body: change.body ?? '{"query":"{ pentests_count }"}' }) });

      expect(answer.status).toBe(status);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(running.service.authCalls).toHaveLength(0);
      expect(running.service.graphqlCalls).toHaveLength(0);
    },
  );

  it('a browser client turns the proxy’s 401 into a sticky AuthRequestError: no loop', async () => {
    const running = await startService();
    const url = await servedProxy(running);
    let calls = 0;
    const client = createAuthClient({
      graphqlProxy: graphqlProxy(url),
      fetch: (input, init) => {
        calls += 1;
        return fetch(input, init);
      },
    });

    await expect(client.request(PentestsDocument)).rejects.toMatchObject({ name: 'AuthRequestError', status: 401 });
    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(AuthRequestError);
    expect(calls).toBe(1);
    await client.refresh();
    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(AuthRequestError);
    expect(calls).toBe(2);
  });

  it('a browser client given no fetch uses globalThis.fetch as it is at call time (patched after the client was made)', async () => {
    const running = await startService();
    const url = await servedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url) });
    const original = globalThis.fetch;
    const patched = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', SESSION_COOKIE);
      return original(input, { ...init, headers });
    });
    vi.stubGlobal('fetch', patched);

    const data = await client.request(PentestsDocument, { page_size: 1 });

    expect(data.pentests_page.pentests).toHaveLength(1);
    // The proxy's own upstream calls go through the same global fetch, in this one process.
    expect(patched.mock.calls.filter(([input]) => input instanceof URL && input.href === url)).toHaveLength(1);
  });

  it('fetchInProcess serves a server-side client with the browser’s query keys, and no network hop to the proxy', async () => {
    const running = await startService();
    const proxy = proxyFor(running);
    const onServer = createAuthClient({ graphqlProxy: graphqlProxy('/api/graphql'), fetch: proxy.fetchInProcess });
    const inBrowser = createAuthClient({ graphqlProxy: graphqlProxy('/api/graphql') });

    const data = await onServer.request(PentestsDocument, { page_size: 1 });

    expect(data.pentests_page.pentests).toHaveLength(1);
    expect(onServer.identity).toEqual(inBrowser.identity);
    expect(running.service.authCalls).toHaveLength(1);
    proxy.dispose();
  });
});
