import { afterEach, describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type ServerHandler } from '../../src/server/index.ts';
import { hasSession, serveHandler } from '../../test/server/serve-handler.ts';
import { startMockService } from '../../test/support/serve.ts';
import { chromiumHarnessForFile } from './harness-setup.ts';

const API_KEY = 'browser-key';

const tabs = chromiumHarnessForFile();

interface Received {
  method: string;
  origin: string | null;
  site: string | null;
  cookie: string | null;
}

/**
 * The app's backend on http://localhost:PORT while the page is on http://127.0.0.1:PORT: another
 * site to the browser (Sec-Fetch-Site: cross-site), as a front end on its own domain would be. The
 * session cookie is the backend's, `SameSite=None; Secure; Partitioned` under the page's site: this
 * Chromium sends no unpartitioned cookie to another site (third-party cookies blocked), as more and
 * more browsers do.
 */
async function backendOnAnotherSite(handler: ServerHandler) {
  const received: Received[] = [];
  const recording = Object.assign(
    (request: Request) => {
      const { headers } = request;
      received.push({ method: request.method, origin: headers.get('origin'), site: headers.get('sec-fetch-site'), cookie: headers.get('cookie') });
      return handler(request);
    },
    { fetchInProcess: handler.fetchInProcess, dispose: handler.dispose, refresh: handler.refresh, status: handler.status, ready: handler.ready },
  );
  const url = (await serveHandler(recording)).replace('//127.0.0.1:', '//localhost:');
  const { protocol, hostname } = new URL(tabs.origin());
  const session = { name: 'session', value: 'signed-in', domain: 'localhost', path: '/', sameSite: 'None', secure: true } as const;
  await tabs.browser.context.addCookies([{ ...session, partitionKey: `${protocol}//${hostname}` }]);
  return { url, received };
}

/**
 * A page of the harness on 127.0.0.1 using a backend handler on localhost, in `mode`: the
 * handler (token endpoint or GraphQL proxy) lists `allowedOrigins`, the page's or another.
 */
async function frontEndAndBackend(mode: 'tokenEndpoint' | 'graphqlProxy', allowedOrigins: string[], { pageRegions = true } = {}) {
  const { service, baseUrl, close } = await startMockService({ apiKeys: [API_KEY] });
  const regions = { local: baseUrl };
  const options = { apiKey: API_KEY, region: 'local', regions, authorizeRequest: hasSession, allowedOrigins };
  const { url, received } = await backendOnAnotherSite(mode === 'tokenEndpoint' ? createTokenHandler(options) : createGraphQLProxy(options));
  const endpoint = `${url}/api/${mode === 'tokenEndpoint' ? 'token' : 'graphql'}`;
  const [page] = await tabs.open(1, { region: 'local', ...(pageRegions ? { regions } : {}), [mode]: endpoint });
  cleanups.push(() => page!.close(), close);
  return { service, received, endpoint, query: () => page!.evaluate(() => window.harness.query()) };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  tabs.browser.errors.length = 0;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const DATA = { pentests: [expect.anything(), expect.anything()] };

describe('a front end on another site than its backend, in Chromium', () => {
  it('token endpoint listing the page’s origin: one preflight, the cookie’d POSTs, data; after an expiry one more /v1/auth', async () => {
    const { service, received, query } = await frontEndAndBackend('tokenEndpoint', [tabs.origin()]);

    expect(await query()).toEqual(DATA);
    service.expireTokensNow();
    expect(await query()).toEqual(DATA);

    const call = { origin: tabs.origin(), site: 'cross-site' };
    expect(received).toEqual([
      { method: 'OPTIONS', ...call, cookie: null },
      { method: 'POST', ...call, cookie: 'session=signed-in' },
      // The browser kept the preflight's answer (Max-Age): the renewal costs one POST.
      { method: 'POST', ...call, cookie: 'session=signed-in' },
    ]);
    expect(service.authCalls).toHaveLength(2);
    // The page's own queries (the handler checks a claimed expiry with a query of its own).
    const pageQueries = service.graphqlCalls.filter((c) => c.operationName === 'Pentests');
    expect(pageQueries.map((c) => [c.token, c.status])).toEqual([
      [service.issuedTokens[0], 200],
      [service.issuedTokens[0], 401],
      [service.issuedTokens[1], 200],
    ]);
    // The service's expired answer, which Chromium reports: nothing of the backend's.
    expect(tabs.browser.errors).toEqual(['console: Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
  });

  it('token endpoint, the page given no regions: its token goes to the handler’s upstream, as the answer says; one /v1/auth, one send', async () => {
    const { service, query } = await frontEndAndBackend('tokenEndpoint', [tabs.origin()], { pageRegions: false });

    expect(await query()).toEqual(DATA);

    expect(service.authCalls).toHaveLength(1);
    expect(service.graphqlCalls.map((c) => [c.token, c.status])).toEqual([[service.issuedTokens[0], 200]]);
    expect(tabs.browser.errors).toEqual([]);
  });

  it('GraphQL proxy listing the page’s origin: the page gets data through it, one preflight, the cookie’d POST', async () => {
    const { service, received, query } = await frontEndAndBackend('graphqlProxy', [tabs.origin()]);

    expect(await query()).toEqual(DATA);

    expect(received.map(({ method, cookie }) => [method, cookie])).toEqual([
      ['OPTIONS', null],
      ['POST', 'session=signed-in'],
    ]);
    expect(service.graphqlCalls).toHaveLength(1);
    expect(tabs.browser.errors).toEqual([]);
  });

  it('a page whose origin the backend does not list: its preflight is refused, no POST is sent, no /v1/auth', async () => {
    const { service, received, endpoint, query } = await frontEndAndBackend('tokenEndpoint', ['https://app.example.com']);

    // The harness is a production build: the error says its code and the URL (docs/config-errors.md).
    expect(await query()).toEqual({ error: `AuthNetworkError: Could not reach the auth endpoint ${endpoint}` });

    expect(received.map(({ method }) => method)).toEqual(['OPTIONS']);
    expect(service.authCalls).toHaveLength(0);
    expect(tabs.browser.errors.some((error) => /blocked by CORS policy/.test(error))).toBe(true);
  });
});
