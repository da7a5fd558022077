// @vitest-environment node
// A front end on a separate origin, listed in allowedOrigins: its preflight is answered and every
// answer carries CORS headers for it alone; any other origin gets none and is refused as before.
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type GraphQLProxyOptions } from '../../src/server/index.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';
import { hasSession, serveHandler, SESSION_COOKIE } from './serve-handler.js';

const FRONT_END = 'https://app.example.com';

const options = (running: Running): GraphQLProxyOptions => ({
  apiKey: API_KEY,
  region: 'test',
  regions: { test: running.baseUrl },
  authorizeRequest: hasSession,
  allowedOrigins: ['https://other.example.com', FRONT_END],
});

/** What a browser sends before a cross-origin JSON POST: no cookie, no body. */
function preflight(url: string, origin: string, extra: Record<string, string | undefined> = {}) {
  const headers: Record<string, string | undefined> = {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type',
    'sec-fetch-site': 'cross-site',
    ...extra,
  };
  // An undefined value is a header the browser leaves out.
  return fetch(url, { method: 'OPTIONS', headers: Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined) });
}

/** A browser's cross-site POST from `origin`, the app's cookie included (credentials: 'include'). */
function crossSitePost(url: string, origin: string, body: string, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { origin, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json', cookie: SESSION_COOKIE, ...headers },
    body,
  });
}

const corsHeaders = (answer: Response) =>
  Object.fromEntries(
    ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers', 'vary'].map((name) => [
      name,
      answer.headers.get(name),
    ]),
  );

const CORS_FOR_FRONT_END = {
  'access-control-allow-origin': FRONT_END,
  'access-control-allow-credentials': 'true',
  'access-control-expose-headers': 'retry-after',
  vary: 'Origin',
};

const NO_CORS = { 'access-control-allow-origin': null, 'access-control-allow-credentials': null, 'access-control-expose-headers': null, vary: null };

describe.each([
  ['token handler', createTokenHandler, '{}'],
  ['GraphQL proxy', createGraphQLProxy, '{"query":"{ pentests_count }"}'],
] as const)('the %s and a separate front-end origin', (_name, make, goodBody) => {
  it('answers a listed origin’s preflight 204: its own origin (never *), credentials, POST, the asked headers, 600 s; nothing upstream', async () => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await preflight(url, FRONT_END, { 'access-control-request-headers': 'content-type,accept, X-Request-Id' });

    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe('');
    expect(corsHeaders(answer)).toEqual(CORS_FOR_FRONT_END);
    expect(answer.headers.get('access-control-allow-methods')).toBe('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('content-type, accept, x-request-id');
    expect(answer.headers.get('access-control-max-age')).toBe('600');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(running.service.authCalls).toHaveLength(0);
  });

  it.each([
    ['none', undefined, 'content-type'],
    ['only names that are no HTTP token', 'x-trace id, (x), x(, ', 'content-type'],
    ['valid names beside ones that are not', 'X-Trace id, x-a, Content-Type, x-b;', 'content-type, x-a'],
  ])('answers a listed origin’s preflight that asks for %s with content-type and the valid names only', async (_what, asked, allowed) => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await preflight(url, FRONT_END, { 'access-control-request-headers': asked });

    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-headers')).toBe(allowed);
  });

  it.each([
    ['an unlisted origin', 'https://evil.example'],
    ['a listed origin with another scheme', 'http://app.example.com'],
    ['a listed origin with a trailing slash', `${FRONT_END}/`],
    ['Origin: null (a sandboxed frame)', 'null'],
  ])('refuses the preflight of %s as any OPTIONS: 405, no CORS header', async (_what, origin) => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await preflight(url, origin);

    expect(answer.status).toBe(405);
    expect(corsHeaders(answer)).toEqual(NO_CORS);
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('a listed origin’s preflight for another method than POST: 405, which the browser takes as a refusal', async () => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await preflight(url, FRONT_END, { 'access-control-request-method': 'PUT' });

    expect(answer.status).toBe(405);
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('lets a listed origin call from another site (Sec-Fetch-Site: cross-site): 200 with CORS headers, one /v1/auth', async () => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await crossSitePost(url, FRONT_END, goodBody);

    expect(answer.status).toBe(200);
    expect(corsHeaders(answer)).toEqual(CORS_FOR_FRONT_END);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(running.service.authCalls).toHaveLength(1);
  });

  it.each([
    ['no session cookie', { cookie: '' }, goodBody, 401],
    ['text/plain', { 'content-type': 'text/plain' }, goodBody, 415],
    ['a body that is not JSON', {}, '{"x":', 400],
  ])('answers a listed origin’s refused call (%s) with CORS headers, so its page reads why', async (_what, headers, body, status) => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await crossSitePost(url, FRONT_END, body, headers);

    expect(answer.status).toBe(status);
    expect(corsHeaders(answer)).toEqual(CORS_FOR_FRONT_END);
    expect(running.service.authCalls).toHaveLength(0);
  });

  it.each([
    ['an unlisted origin from another site', 'https://evil.example', 'cross-site', 'cross-site request refused'],
    ['an unlisted origin of the same site', 'https://evil.example.com', 'same-site', 'origin not allowed'],
  ])('refuses %s as before: 403, no CORS header, nothing upstream', async (_what, origin, site, error) => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await crossSitePost(url, origin, goodBody, { 'sec-fetch-site': site });

    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({ status: 403, body: { error } });
    expect(corsHeaders(answer)).toEqual(NO_CORS);
    expect(running.service.authCalls).toHaveLength(0);
  });

  it('a listed origin’s POST that carries Access-Control-Request-Method is answered as a POST: only an OPTIONS is a preflight', async () => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await crossSitePost(url, FRONT_END, goodBody, { 'access-control-request-method': 'POST' });

    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    expect(corsHeaders(answer)).toEqual(CORS_FOR_FRONT_END);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a cross-site call with no Origin at all is refused as before: 403', async () => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json', cookie: SESSION_COOKIE },
      body: goodBody,
    });

    expect(answer.status).toBe(403);
    expect(running.service.authCalls).toHaveLength(0);
  });

  it('in process (fetchInProcess), a request that carries a listed Origin is trusted as any other: no app check, no CORS headers', async () => {
    // A Server Component passes on the browser's request, Origin and all, without its cookie.
    const running = await startService();
    const handler = make(options(running));

    const answer = await handler.fetchInProcess('/api', {
      method: 'POST',
      headers: { origin: FRONT_END, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: goodBody,
    });

    expect(answer.status).toBe(200);
    expect(corsHeaders(answer)).toEqual(NO_CORS);
    expect(running.service.authCalls).toHaveLength(1);
    handler.dispose();
  });

  it('answers the page’s own origin without CORS headers: it needs none', async () => {
    const running = await startService();
    const url = await serveHandler(make(options(running)));

    const answer = await crossSitePost(url, url, goodBody, { 'sec-fetch-site': 'same-origin' });

    expect(answer.status).toBe(200);
    expect(corsHeaders(answer)).toEqual(NO_CORS);
  });
});

describe.each([
  ['createTokenHandler', createTokenHandler],
  ['createGraphQLProxy', createGraphQLProxy],
] as const)('%s: a plain http:// origin in allowedOrigins', (_name, make) => {
  it('warns once at start-up for each http:// origin off this machine, none for https:// or loopback', () => {
    const lines: string[] = [];
    const logger = { warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const allowedOrigins = [
      'https://app.example.com',
      'http://app.example.com',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://127.8.0.1',
      'http://[::1]:3000',
      'http://192.168.1.20:5173',
    ];
    const handler = make({ apiKey: API_KEY, region: 'test', regions: { test: 'http://127.0.0.1:9' }, authorizeRequest: hasSession, allowedOrigins, logger });
    handler.dispose();
    const warning = (origin: string) =>
      `graphql-jwt-auth-react: allowedOrigins lists ${origin}, a plain http:// origin off this machine: anyone on the network path can change its page, which this handler trusts with your users' cookies and answers; list its https:// origin instead`;
    expect(lines).toEqual([warning('http://app.example.com'), warning('http://192.168.1.20:5173')]);
  });
});
