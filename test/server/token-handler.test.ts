// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AuthConfigError, AuthRequestError, createAuthClient, tokenEndpoint } from '../../src/index.js';
import { createTokenHandler } from '../../src/server/index.js';
import { PentestsDocument } from '../support/documents.js';
import { API_KEY, bearerTokens, sleep, startService, type Running } from '../support/fixtures.js';
import { hasSession, post, serveHandler, withSession } from './serve-handler.js';

async function serveTokenEndpoint(running: Running, options: { allowedOrigins?: string[] } = {}) {
  const handler = createTokenHandler({
    apiKey: API_KEY,
    region: 'test',
    regions: { test: running.baseUrl },
    authorizeRequest: hasSession,
    ...options,
  });
  return `${await serveHandler(handler)}/api/token`;
}

/** A browser's client in token-endpoint mode: no key, the app's cookie on the endpoint call. */
function browserClient(running: Running, url: string, fetchImpl: typeof fetch = withSession) {
  return createAuthClient({ tokenEndpoint: tokenEndpoint(url), regions: { test: running.baseUrl }, fetch: fetchImpl });
}

describe('createTokenHandler over HTTP', () => {
  it('region "auto" on the server (no bundle to keep lean): us refuses the key, eu issues the token the browser gets', async () => {
    const us = await startService({ regions: ['us'], apiKeys: ['another-key'] });
    const eu = await startService({ regions: ['eu'], apiKeys: [API_KEY] });
    const regions = { us: us.baseUrl, eu: eu.baseUrl };
    const handler = createTokenHandler({ apiKey: API_KEY, region: 'auto', regions, authorizeRequest: hasSession });
    const url = `${await serveHandler(handler)}/api/token`;
    const browser = createAuthClient({ tokenEndpoint: tokenEndpoint(url), regions, fetch: withSession });

    await browser.request(PentestsDocument);

    expect(us.service.authCalls.map((call) => call.status)).toEqual([401]);
    expect(eu.service.authCalls.map((call) => call.status)).toEqual([200]);
    expect(bearerTokens(eu.service)).toEqual([eu.service.issuedTokens[0]]);
    expect(us.service.graphqlCalls).toHaveLength(0);
    browser.dispose();
    handler.dispose();
  });

  it('5 browser clients × 10 queries cost 1 upstream /v1/auth call; each query sends once with that token', async () => {
    const running = await startService();
    const url = await serveTokenEndpoint(running);
    const browsers = Array.from({ length: 5 }, () => browserClient(running, url));

    await Promise.all(browsers.flatMap((client) => Array.from({ length: 10 }, () => client.request(PentestsDocument))));

    expect(running.service.authCalls).toHaveLength(1);
    expect(bearerTokens(running.service)).toEqual(Array(50).fill(running.service.issuedTokens[0]));
    for (const client of browsers) client.dispose();
  });

  it('a server-side expiry costs 1 more upstream call in all, and no request fails', async () => {
    const running = await startService();
    const url = await serveTokenEndpoint(running);
    const browsers = Array.from({ length: 5 }, () => browserClient(running, url));
    await Promise.all(browsers.map((client) => client.request(PentestsDocument)));

    running.service.expireTokensNow();
    const results = await Promise.allSettled(browsers.flatMap((client) => [client.request(PentestsDocument), client.request(PentestsDocument)]));

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(running.service.authCalls).toHaveLength(2);
    for (const client of browsers) client.dispose();
  });

  it('100 stale {"expired"} posts cost 0 upstream calls: each gets the current token', async () => {
    const running = await startService();
    const url = await serveTokenEndpoint(running);
    const first = (await (await post(url, {})).json()) as { token: string; region: string };
    running.service.expireTokensNow();
    const second = (await (await post(url, { expired: first.token })).json()) as { token: string };
    expect(second.token).not.toBe(first.token);
    expect(running.service.authCalls).toHaveLength(2);

    const answers = await Promise.all(Array.from({ length: 100 }, () => post(url, { expired: first.token })));
    const tokens = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { token: string }).token));

    expect(new Set(tokens)).toEqual(new Set([second.token]));
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('answers {token, region, graphqlUrl} with Cache-Control: no-store, and never the key', async () => {
    const running = await startService();
    const url = await serveTokenEndpoint(running);

    const answer = await post(url, {});
    const text = await answer.text();

    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(text)).toEqual({ token: running.service.issuedTokens[0], region: 'test', graphqlUrl: `${running.baseUrl}/v1/graphql` });
    expect(text).not.toContain(API_KEY);
    expect([...answer.headers].join('\n')).not.toContain(API_KEY);
  });

  it.each([
    ['GET', 405, { method: 'GET' }],
    ['a non-JSON body type', 415, { headers: { 'content-type': 'text/plain' } }],
    ['Sec-Fetch-Site: cross-site', 403, { headers: { 'sec-fetch-site': 'cross-site' } }],
    ['a foreign Origin', 403, { headers: { origin: 'https://evil.example' } }],
    ['no session cookie', 401, { headers: { cookie: '' } }],
    ['a body that is not JSON', 400, { body: '{"expired":' }],
    ['an expired field that is not a string', 400, { body: '{"expired":42}' }],
  ])(
    'refuses %s with %i, no-store, and no upstream call',
    async (_label, status, change: { method?: string; headers?: Record<string, string>; body?: string }) => {
      const running = await startService();
      const url = await serveTokenEndpoint(running);
      const headers = { 'content-type': 'application/json', cookie: 'session=signed-in', ...change.headers };
      const method = change.method ?? 'POST';

      const answer = await fetch(url, { method, headers, ...(method === 'GET' ? {} : { body: change.body ?? '{}' }) });

      expect(answer.status).toBe(status);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.text()).not.toContain(API_KEY);
      expect(running.service.authCalls).toHaveLength(0);
    },
  );

  it('lets the request’s own origin and allowedOrigins in', async () => {
    const running = await startService();
    const url = await serveTokenEndpoint(running, { allowedOrigins: ['https://app.example'] });

    expect((await post(url, {}, { origin: new URL(url).origin })).status).toBe(200);
    expect((await post(url, {}, { origin: 'https://app.example', 'sec-fetch-site': 'same-site' })).status).toBe(200);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('knows its own origin by the Host header when the framework rebuilt request.url (Next.js: localhost)', async () => {
    const running = await startService();
    const handler = createTokenHandler({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession });
    // What a Next.js route handler receives: http://localhost:PORT/…, the browser's Host header kept.
    const asNextSeesIt = Object.assign((request: Request) => handler(new Request(request.url.replace('//127.0.0.1:', '//localhost:'), request)), {
      fetchInProcess: handler.fetchInProcess,
      dispose: handler.dispose,
      refresh: handler.refresh,
      status: handler.status,
      ready: handler.ready,
    });
    const url = `${await serveHandler(asNextSeesIt)}/api/token`;

    expect((await post(url, {}, { origin: new URL(url).origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post(url, {}, { origin: 'http://localhost:1' })).status).toBe(403);
    expect((await post(url, {}, { origin: 'null' })).status).toBe(403);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a 401 from the token endpoint is sticky in the browser client: one endpoint call, no loop', async () => {
    const running = await startService();
    const url = await serveTokenEndpoint(running);
    let endpointCalls = 0;
    const client = browserClient(running, url, (input, init) => {
      endpointCalls += 1;
      return fetch(input, init); // no session cookie
    });

    await expect(client.request(PentestsDocument)).rejects.toMatchObject({ name: 'AuthRequestError', status: 401 });
    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(AuthRequestError);
    expect(endpointCalls).toBe(1);
    expect(client.store.getState().status).toBe('error');
    expect(running.service.authCalls).toHaveLength(0);
    client.dispose();
  });

  it('renews ahead of expiry by itself, so browsers rarely wait for the service', async () => {
    const running = await startService({ tokenLifetimeSec: 4 });
    const url = await serveTokenEndpoint(running);
    await post(url, {});
    expect(running.service.authCalls).toHaveLength(1);

    await sleep(2_500); // renewal at half the 3 s the token lives after iat rounding
    expect(running.service.authCalls).toHaveLength(2);
    const answer = (await (await post(url, {})).json()) as { token: string };
    expect(answer.token).toBe(running.service.issuedTokens[1]);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('a regions map that is null fails at start-up, not on the first request, with an AuthConfigError', () => {
    const options = { apiKey: API_KEY, region: 'test', regions: null, authorizeRequest: hasSession };

    const start = () => createTokenHandler(options as unknown as Parameters<typeof createTokenHandler>[0]);
    expect(start).toThrow(AuthConfigError);
    expect(start).toThrow('regions must be an object');
  });

  it('refuses to start without authorizeRequest: there is no default that lets everyone in', () => {
    expect(() => createTokenHandler({ apiKey: API_KEY, region: 'us' } as unknown as Parameters<typeof createTokenHandler>[0])).toThrow(AuthConfigError);
  });
});
