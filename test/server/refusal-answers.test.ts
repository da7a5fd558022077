// @vitest-environment node
// What a refused caller reads, whole: status, JSON body, headers. A browser app or an operator's log
// shows these words, so they are part of the contract; and nothing of a refused request goes upstream.
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type GraphQLProxyOptions } from '../../src/server/index.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';
import { hasSession, serveHandler, SESSION_COOKIE } from './serve-handler.js';

const options = (running: Running): GraphQLProxyOptions => ({
  apiKey: API_KEY,
  region: 'test',
  regions: { test: running.baseUrl },
  authorizeRequest: hasSession,
  allowedOrigins: ['https://app.example.com'],
});

interface Attempt {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

async function send(url: string, { method = 'POST', headers = {}, body }: Attempt, fallbackBody: string) {
  const answer = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', cookie: SESSION_COOKIE, ...headers },
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: body ?? fallbackBody }),
  });
  return { status: answer.status, headers: answer.headers, body: method === 'HEAD' ? null : ((await answer.json()) as unknown) };
}

/** Refusals both handlers share: [what, the request, status, body, extra headers]. */
const SHELL_REFUSALS: Array<[string, Attempt, number, unknown, Record<string, string>?]> = [
  ['GET', { method: 'GET' }, 405, { error: 'method not allowed: use POST' }, { allow: 'POST' }],
  ['PUT', { method: 'PUT' }, 405, { error: 'method not allowed: use POST' }, { allow: 'POST' }],
  ['Sec-Fetch-Site: cross-site', { headers: { 'sec-fetch-site': 'cross-site' } }, 403, { error: 'cross-site request refused' }],
  ['a foreign Origin', { headers: { origin: 'https://evil.example' } }, 403, { error: 'origin not allowed' }],
  ['Origin: null (a sandboxed frame)', { headers: { origin: 'null' } }, 403, { error: 'origin not allowed' }],
  ['an allowed origin with another scheme', { headers: { origin: 'http://app.example.com' } }, 403, { error: 'origin not allowed' }],
  ['text/plain', { headers: { 'content-type': 'text/plain' } }, 415, { error: 'send application/json' }],
  ['x-application/json', { headers: { 'content-type': 'x-application/json' } }, 415, { error: 'send application/json' }],
  ['text/json', { headers: { 'content-type': 'text/json' } }, 415, { error: 'send application/json' }],
  ['application/jsonx', { headers: { 'content-type': 'application/jsonx' } }, 415, { error: 'send application/json' }],
  ['application/json-patch', { headers: { 'content-type': 'application/json-patch' } }, 415, { error: 'send application/json' }],
  ['no session cookie', { headers: { cookie: 'session=other' } }, 401, { error: 'not authorized' }],
  ['a body that is not JSON', { body: '{"query": ' }, 400, { error: 'the body is not JSON' }],
  ['a body nesting 65 levels', { body: `${'['.repeat(65)}${']'.repeat(65)}` }, 400, { error: 'the body nests deeper than 64 levels', code: 'JSON_TOO_DEEP' }],
];

/** Content types and origins that pass the checks. */
const ACCEPTED: Array<[string, Attempt]> = [
  ['application/json; charset=utf-8', { headers: { 'content-type': 'application/json; charset=utf-8' } }],
  ['APPLICATION/JSON', { headers: { 'content-type': 'APPLICATION/JSON' } }],
  ['application/vnd.api+json', { headers: { 'content-type': 'application/vnd.api+json' } }],
  ['application/json with spaces around', { headers: { 'content-type': ' application/json ' } }],
  ['an allowed origin', { headers: { origin: 'https://app.example.com' } }],
  ['Sec-Fetch-Site: same-origin', { headers: { 'sec-fetch-site': 'same-origin' } }],
];

describe.each([
  ['token handler', createTokenHandler, '{}'],
  ['GraphQL proxy', createGraphQLProxy, '{"query":"{ pentests_count }"}'],
] as const)('the %s', (_name, make, goodBody) => {
  it.each(SHELL_REFUSALS)('refuses %s: %i with its JSON body, no-store, nothing upstream', async (_what, attempt, status, body, extra = {}) => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));
    const answer = await send(url, attempt, goodBody);
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body });
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    for (const [name, value] of Object.entries(extra)) expect(answer.headers.get(name)).toBe(value);
    expect(running.service.authCalls).toHaveLength(0);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it.each(ACCEPTED)('accepts %s', async (_what, attempt) => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));
    expect((await send(url, attempt, goodBody)).status).toBe(200);
  });

  it('refuses a body without Content-Type: 415', async () => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));
    const answer = await fetch(url, { method: 'POST', headers: { cookie: SESSION_COOKIE }, body: new TextEncoder().encode(goodBody) });
    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({ status: 415, body: { error: 'send application/json' } });
  });

  it('in process (fetchInProcess, trusted: no origin or session checks) still takes POST only: 405 with Allow', async () => {
    const running = await startService();
    const handler = make(options(running));
    const answer = await handler.fetchInProcess('/api', { method: 'GET' });
    expect({ status: answer.status, body: (await answer.json()) as unknown, allow: answer.headers.get('allow') }).toEqual({
      status: 405,
      body: { error: 'method not allowed: use POST' },
      allow: 'POST',
    });
    expect((await handler.fetchInProcess('/api', { method: 'POST', headers: { 'content-type': 'application/json' }, body: goodBody })).status).toBe(200);
    handler.dispose();
  });

  it('an app check that throws: 500 "internal error", nothing of the failure in the answer or the log line, nothing upstream', async () => {
    const running = await startService();
    const lines: string[] = [];
    const url = await serveHandler(
      make({
        ...options(running),
        logger: { warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) },
        authorizeRequest: () => {
          throw new TypeError('session store at redis://admin:hunter2@10.0.0.5 is down');
        },
      }),
    );
    const answer = await send(url, {}, goodBody);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 500, body: { error: 'internal error' } });
    // The operator hears of it once, by the error's kind alone: its message may hold a secret.
    expect(lines).toEqual(['graphql-jwt-auth-react: a request failed (TypeError); answered 500']);
    expect(running.service.authCalls).toHaveLength(0);
  });

  it.each([
    ['a promise of false', () => Promise.resolve(false), 401],
    ['a promise of true', () => Promise.resolve(true), 200],
    ['nothing (a forgotten return)', () => undefined as unknown as boolean, 401],
    ['a promise of nothing', () => Promise.resolve(undefined as unknown as boolean), 401],
    ['a rejected promise', () => Promise.reject(new Error('session store down')), 500],
  ] as const)('an app check that answers %s: %i, and /v1/auth only once let in', async (_what, authorizeRequest, status) => {
    const running = await startService();
    const url = await serveHandler(make({ ...options(running), authorizeRequest }));
    const answer = await send(url, {}, goodBody);
    expect(answer.status).toBe(status);
    if (status === 401) expect(answer.body).toEqual({ error: 'not authorized' });
    if (status === 500) expect(answer.body).toEqual({ error: 'internal error' });
    expect(running.service.authCalls).toHaveLength(status === 200 ? 1 : 0);
  });

  it('refuses its own origin only when it is not its own: the address the browser used passes', async () => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));
    expect((await send(url, { headers: { origin: url } }, goodBody)).status).toBe(200);
    expect((await send(url, { headers: { origin: url.replace('127.0.0.1', 'localhost') } }, goodBody)).status).toBe(403);
  });
});

describe('the token handler', () => {
  it.each([
    ['an array', '[]'],
    ['a string', '"x"'],
    ['null', 'null'],
    ['a number as the expired token', '{"expired": 42}'],
    ['null as the expired token', '{"expired": null}'],
  ])('refuses %s: 400 with what to send', async (_what, body) => {
    const running = await startService();
    const url = await serveHandler(createTokenHandler(options(running)));
    const answer = await send(url, { body }, '{}');
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error: 'send {} or {"expired": "<token>"}' } });
    expect(running.service.authCalls).toHaveLength(0);
  });

  it('answers the token, its region and where it goes, no-store', async () => {
    const running = await startService();
    const url = await serveHandler(createTokenHandler(options(running)));
    const answer = await send(url, {}, '{}');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({ token: running.service.authCalls[0]?.token, region: 'test', graphqlUrl: `${running.baseUrl}/v1/graphql` });
  });
});

describe('the GraphQL proxy', () => {
  const BAD_REQUEST = { errors: [{ message: 'Send {"query", "variables"?, "operationName"?}', extensions: { code: 'BAD_REQUEST' } }] };

  it.each([
    ['an array', '[{"query":"{ pentests_count }"}]'],
    ['null', 'null'],
    ['no query', '{"variables":{}}'],
    ['a query that is not a string', '{"query":{"kind":"Document"}}'],
    ['an empty query', '{"query":""}'],
    ['a query of spaces', '{"query":"   "}'],
    ['variables that are an array', '{"query":"{ pentests_count }","variables":[]}'],
    ['variables that are a string', '{"query":"{ pentests_count }","variables":"{}"}'],
    ['an operationName that is a number', '{"query":"{ pentests_count }","operationName":1}'],
  ])('refuses %s: 400 BAD_REQUEST as a GraphQL error, nothing upstream', async (_what, body) => {
    const running = await startService();
    const url = await serveHandler(createGraphQLProxy(options(running)));
    const answer = await send(url, { body }, '');
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: BAD_REQUEST });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it.each([
    ['variables and operationName null', { query: 'query Count { pentests_count }', variables: null, operationName: null }],
    ['variables and operationName given', { query: 'query Count($x: Int) { pentests_count }', variables: { x: 1 }, operationName: 'Count' }],
    ['the query alone', { query: 'query Count { pentests_count }' }],
  ])('forwards %s as sent, and nothing else', async (_what, operation) => {
    const running = await startService();
    const url = await serveHandler(createGraphQLProxy(options(running)));
    const answer = await send(url, { body: JSON.stringify(operation) }, '');
    expect(answer.status).toBe(200);
    expect(running.service.graphqlCalls).toHaveLength(1);
    const [call] = running.service.graphqlCalls;
    expect(JSON.parse(call?.body ?? '')).toEqual(operation);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.headers.authorization).toBe(`Bearer ${String(running.service.authCalls[0]?.token)}`);
    expect(call?.headers.cookie).toBeUndefined();
  });
});
