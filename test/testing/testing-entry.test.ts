// @vitest-environment node
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { createAuthClient } from 'graphql-jwt-auth-react';
import { tokenTag } from 'graphql-jwt-auth-react/core';
import { createMockService, type MockContext } from 'graphql-jwt-auth-react/testing';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const typeDefs = 'type Query { whoami: String!, region: String!, keyNumber: Int! } type Mutation { touch: Int! }';
let touched = 0;
const resolvers = {
  Query: {
    whoami: (_: unknown, __: unknown, { subject }: MockContext) => subject,
    region: (_: unknown, __: unknown, { region }: MockContext) => region,
    keyNumber: (_: unknown, __: unknown, { keyNumber }: MockContext) => keyNumber,
  },
  Mutation: { touch: () => (touched += 1) },
};

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });

async function tokenAt(base: string, key = 'k'): Promise<string> {
  const response = await post(`${base}/v1/auth`, { key });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe('graphql-jwt-auth-react/testing', () => {
  it('serves your typeDefs and resolvers per region on 127.0.0.1; a region refuses the tokens of another', async () => {
    const mock = createMockService({ typeDefs, resolvers, regions: ['us', 'eu'], apiKeys: { us: ['k'], eu: ['k', 'eu-only'] } });
    const { baseUrl, regions, close } = await mock.listen();
    closers.push(close);
    expect(Object.keys(regions)).toEqual(['us', 'eu']);
    expect(baseUrl).toBe(regions.us);
    expect(Object.values(regions).every((url) => /^http:\/\/127\.0\.0\.1:\d+$/.test(url))).toBe(true);

    const euToken = await tokenAt(regions.eu!, 'eu-only');
    const answer = await post(`${regions.eu!}/v1/graphql`, { query: '{ whoami region }' }, euToken);
    expect(await answer.json()).toEqual({ data: { whoami: 'user-eu-2', region: 'eu' } });
    expect((await post(`${regions.us!}/v1/auth`, { key: 'eu-only' })).status).toBe(401);
    expect((await post(`${regions.us!}/v1/graphql`, { query: '{ region }' }, euToken)).status).toBe(401);
    // A token another region issued keeps its tag in the region that refuses it.
    const euTag = tokenTag(euToken);
    expect(mock.requests.map((r) => `${r.region} ${r.path} ${r.status} ${r.tokenTag}`)).toEqual([
      `eu /v1/auth 200 ${euTag}`,
      `eu /v1/graphql 200 ${euTag}`,
      'us /v1/auth 401 —',
      `us /v1/graphql 401 ${euTag}`,
    ]);
  });

  it('numbers each key once, in configured then added order, for the resolvers and the token: a removed key keeps its number', async () => {
    const mock = createMockService({ typeDefs, resolvers, apiKeys: ['first', 'second', 'third'] });
    const { baseUrl, close } = await mock.listen();
    closers.push(close);
    const seenBy = async (key: string) =>
      (await (await post(`${baseUrl}/v1/graphql`, { query: '{ whoami keyNumber }' }, await tokenAt(baseUrl, key))).json()) as unknown;

    expect(await seenBy('third')).toEqual({ data: { whoami: 'user-us-3', keyNumber: 3 } });
    mock.removeApiKey('first');
    expect((await post(`${baseUrl}/v1/auth`, { key: 'first' })).status).toBe(401);
    // Not renumbered: the third key's tenant never becomes the second's account.
    expect(await seenBy('third')).toEqual({ data: { whoami: 'user-us-3', keyNumber: 3 } });
    mock.addApiKey('fourth');
    mock.addApiKey('first');
    expect(await seenBy('fourth')).toEqual({ data: { whoami: 'user-us-4', keyNumber: 4 } });
    expect(await seenBy('first')).toEqual({ data: { whoami: 'user-us-1', keyNumber: 1 } });
    expect(JSON.stringify(mock.requests)).not.toMatch(/first|second|third|fourth/);
  });

  it('takes an executable graphql-js schema as well', async () => {
    const query = new GraphQLObjectType({ name: 'Query', fields: { hello: { type: GraphQLString, resolve: () => 'world' } } });
    const mock = createMockService({ schema: new GraphQLSchema({ query }), apiKeys: ['k'] });
    const { baseUrl, close } = await mock.listen();
    closers.push(close);
    const answer = await post(`${baseUrl}/v1/graphql`, { query: '{ hello }' }, await tokenAt(baseUrl));
    expect(await answer.json()).toEqual({ data: { hello: 'world' } });
  });

  it('refuses resolvers for types or fields the typeDefs lack, at set-up, with a clear TypeError', () => {
    expect(() => createMockService({ typeDefs, resolvers: { Pentest: { name: () => 'x' } } })).toThrow(
      new TypeError('resolvers.Pentest: the typeDefs have no object type "Pentest"'),
    );
    expect(() => createMockService({ typeDefs, resolvers: { Query: { nope: () => 1 } } })).toThrow(
      new TypeError('resolvers.Query.nope: "Query" has no field "nope"'),
    );
    expect(() => createMockService({ typeDefs, resolvers, regions: [] })).toThrow(TypeError);
    expect(() => createMockService({ typeDefs, resolvers, regions: ['us'], apiKeys: { eu: ['k'] } })).toThrow('apiKeys names regions it does not serve: eu');
  });

  it('knobs: the next N auth calls fail, tokens expire now, and the log never holds a token or the key', async () => {
    const mock = createMockService({ typeDefs, resolvers, apiKeys: ['secret-key-123'] });
    const { baseUrl, close } = await mock.listen();
    closers.push(close);
    mock.failNextAuthCalls(2);
    expect((await post(`${baseUrl}/v1/auth`, { key: 'secret-key-123' })).status).toBe(503);
    expect((await post(`${baseUrl}/v1/auth`, { key: 'secret-key-123' })).status).toBe(503);
    const token = await tokenAt(baseUrl, 'secret-key-123');
    expect((await post(`${baseUrl}/v1/graphql`, { query: '{ region }' }, token)).status).toBe(200);
    mock.expireTokensNow();
    const expired = await post(`${baseUrl}/v1/graphql`, { query: '{ region }' }, token);
    expect([expired.status, await expired.text()]).toEqual([401, '{"message":"The incoming token has expired"}']);
    expect(mock.requests.map((r) => `${r.path} ${r.status} ${r.tokenTag}`)).toEqual([
      '/v1/auth 503 —',
      '/v1/auth 503 —',
      `/v1/auth 200 ${tokenTag(token)}`,
      `/v1/graphql 200 ${tokenTag(token)}`,
      `/v1/graphql 401 ${tokenTag(token)}`,
    ]);
    const log = JSON.stringify(mock.requests);
    expect(log).not.toContain('secret-key-123');
    expect(log).not.toContain(token.split('.')[2]);
  });

  it('latency holds each answer: the call is on record, unanswered, before it returns', async () => {
    const mock = createMockService({ typeDefs, resolvers, apiKeys: ['k'] });
    mock.authDelayMs = 300;
    const { baseUrl, close } = await mock.listen();
    closers.push(close);
    const answer = post(`${baseUrl}/v1/auth`, { key: 'k' });
    for (let i = 0; i < 200 && mock.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(mock.requests.map((r) => r.status)).toEqual([0]);
    expect((await answer).status).toBe(200);
    expect(mock.requests.map((r) => r.status)).toEqual([200]);
  });

  it("serves /v1/auth/ and /v1/graphql/ (a trailing slash, as the gateway and the service's CLI use them) like the plain paths", async () => {
    const mock = createMockService({ typeDefs, resolvers, apiKeys: ['k'] });
    const { baseUrl, close } = await mock.listen();
    closers.push(close);
    const auth = await post(`${baseUrl}/v1/auth/`, { key: 'k' });
    expect(auth.status).toBe(200);
    const { token } = (await auth.json()) as { token: string };
    const answer = await fetch(`${baseUrl}/v1/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ region }' }),
    });
    expect(await answer.json()).toEqual({ data: { region: 'us' } });
    expect(mock.requests.map((r) => `${r.path} ${r.status}`)).toEqual(['/v1/auth 200', '/v1/graphql 200']);
  });

  it('expires every token on POST /__mock/expire-tokens only when served on a port; handle() and MSW answer 404', async () => {
    const mock = createMockService({ typeDefs, resolvers, apiKeys: ['k'] });
    const { baseUrl, close } = await mock.listen();
    closers.push(close);
    await post(`${baseUrl}/v1/auth`, { key: 'k' });
    const inPage = await mock.handle(new Request(`${mock.regions.us!}/__mock/expire-tokens`, { method: 'POST' }));
    expect(inPage.status).toBe(404);
    // Headers do not make a request local: only the socket's address does.
    const served = await fetch(`${baseUrl}/__mock/expire-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ expired: 1 });
  });

  it("takes msw's http namespace, as a browser bundle passes it: the same handlers, msw not imported by the kit", async () => {
    const mock = createMockService({ typeDefs, resolvers, regions: ['us'], apiKeys: ['k'] });
    const registered: string[] = [];
    const counting = {
      all: ((path: string, resolver: Parameters<typeof http.all>[1]) => {
        registered.push(path);
        return http.all(path, resolver);
      }) as typeof http.all,
    };
    const server = setupServer(...(await mock.mswHandlers(counting)));
    server.listen({ onUnhandledFrame: 'error' });
    closers.push(() => {
      server.close();
    });
    expect(registered).toEqual(['https://us.mock-service.test/*']);
    const client = createAuthClient({ apiKey: 'k', region: 'us', regions: mock.regions });
    closers.push(() => {
      client.dispose();
    });
    expect(await client.request<{ region: string }>('{ region }')).toEqual({ region: 'us' });
    expect(mock.authCalls).toHaveLength(1);
  });

  it('runs behind MSW at its own addresses; a CORS-less expired answer is the network error a browser would see', async () => {
    const mock = createMockService({ typeDefs, resolvers, regions: ['us', 'eu'], apiKeys: ['k'] });
    expect(mock.regions).toEqual({ us: 'https://us.mock-service.test', eu: 'https://eu.mock-service.test' });
    const server = setupServer(...(await mock.mswHandlers()));
    server.listen({ onUnhandledFrame: 'error' });
    closers.push(() => {
      server.close();
    });
    const client = createAuthClient({ apiKey: 'k', region: 'eu', regions: mock.regions });
    closers.push(() => {
      client.dispose();
    });
    const sentWith: string[] = [];
    client.onEvent((event) => {
      if (event.type === 'operation') sentWith.push(`${event.outcome} ${event.tokenTag ?? 'none'}`);
    });
    expect(await client.request<{ region: string }>('{ region }')).toEqual({ region: 'eu' });
    mock.expireTokensNow();
    expect(await client.request<{ region: string }>('{ region }')).toEqual({ region: 'eu' });
    // One name per token: the client's events and the mock's log tag each token alike.
    const [first = '', second = ''] = mock.issuedTokens.map((token) => tokenTag(token));
    expect(first).not.toBe(second);
    expect(sentWith).toEqual([`ok ${first}`, `expired ${first}`, `ok ${second}`]);
    expect(mock.requests.map((r) => `${r.region} ${r.path} ${r.status} ${r.tokenTag}`)).toEqual([
      `eu /v1/auth 200 ${first}`,
      `eu /v1/graphql 200 ${first}`,
      `eu /v1/graphql 401 ${first}`,
      `eu /v1/auth 200 ${second}`,
      `eu /v1/graphql 200 ${second}`,
    ]);
    mock.corsOnExpired = false;
    mock.expireTokensNow();
    const token = await tokenAt(mock.regions.us!);
    mock.expireTokensNow();
    await expect(post(`${mock.regions.us!}/v1/graphql`, { query: '{ region }' }, token)).rejects.toBeInstanceOf(TypeError);
  });

  it('counts a mutation each time it runs, so a replay shows', async () => {
    const mock = createMockService({ typeDefs, resolvers, apiKeys: ['k'] });
    // One region: the fetch handler answers at any address.
    const call = (path: string, body: string, headers: Record<string, string> = {}) =>
      mock.handle(new Request(`http://any.host${path}`, { method: 'POST', headers, body }));
    const answer = async () => {
      const { token } = (await (await call('/v1/auth', '{"key":"k"}')).json()) as { token: string };
      return call('/v1/graphql', '{"query":"mutation { touch }"}', { authorization: `Bearer ${token}` });
    };
    expect((await answer()).status).toBe(200);
    expect((await answer()).status).toBe(200);
    expect(mock.appliedMutations).toBe(2);
  });
});
