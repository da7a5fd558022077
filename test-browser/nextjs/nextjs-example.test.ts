// examples/nextjs as users get it: the packed library, `next build`, `next start` on 127.0.0.1, the
// mock service upstream with 20 s tokens, every page driven in Chromium with all its traffic recorded.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedMockService, startMockService } from '../../test/support/serve.ts';
import { type LaunchedChromium, launchChromium } from '../chromium.ts';
import { serveDirectory } from '../static-server.ts';
import { buildExample, EXAMPLE_DIR, type ExampleEnv, type StartedExample, startExample } from './next-app.ts';
import { dataShown, refetched, shownErrors } from './pages.ts';
import { filesContaining, filesUnder, JWT_PATTERN } from './secrets.ts';
import { type Exchange, exchangeText, TrafficRecorder } from './traffic.ts';

// Random per run, so a hit anywhere is a leak and never a coincidence.
const SERVER_KEY = `server-key-${randomUUID()}`;
const USER_KEY = `user-key-${randomUUID()}`;
const TOKEN_LIFETIME_SEC = 20;
// The library renews min(60 s, lifetime / 2) before expiry: every 10 s for 20 s tokens.
const RENEWAL_INTERVAL_SEC = TOKEN_LIFETIME_SEC / 2;
const RUN_SEC = 60;
const EXPIRED_MESSAGE = 'The incoming token has expired';
// The demo pentest platform's user in region us, as the example's component shows it.
const ACCOUNT = 'Dana Demo (us)';
const MODES = ['token-endpoint', 'bff', 'prefetched'] as const;

let mock: StartedMockService;
let env: ExampleEnv;
let authCallsDuringBuild = -1;
let app: StartedExample;
let chromium: LaunchedChromium;
let traffic: TrafficRecorder;
/** One long-lived tab per mode, opened by the first tests and refetched through the run. */
const tabs = new Map<string, Page>();

beforeAll(async () => {
  mock = await startMockService({ apiKeys: [SERVER_KEY, USER_KEY], tokenLifetimeSec: TOKEN_LIFETIME_SEC });
  // The key is in the build's environment, as a careless .env would put it: the build must still not ship it.
  env = { API_KEY: SERVER_KEY, SESSION_SECRET: randomBytes(32).toString('hex'), UPSTREAM_URL: mock.baseUrl };
  await buildExample(env);
  authCallsDuringBuild = mock.service.authCalls.length;
  app = await startExample(env);
  chromium = await launchChromium();
  traffic = new TrafficRecorder();
});

afterAll(async () => {
  await chromium.close();
  await app.stop();
  await mock.close();
});

async function openTab(tab: string, path: string): Promise<Page> {
  const page = await chromium.context.newPage();
  await traffic.watch(page, tab);
  await page.goto(`${app.url}${path}`);
  return page;
}

const serverAuthCalls = () => mock.service.authCalls.filter((call) => call.body === JSON.stringify({ key: SERVER_KEY }));
const where = (exchanges: Exchange[]) => exchanges.map(({ tab, method, url }) => `${tab}: ${method} ${url}`);

async function sessionCookie(): Promise<string> {
  const [cookie] = (await chromium.context.cookies(app.url)).filter(({ name }) => name === '__Host-demo_session');
  if (!cookie) throw new Error('No __Host-demo_session cookie: sign in first');
  return `${cookie.name}=${cookie.value}`;
}

describe('examples/nextjs, built and started', () => {
  it('next build makes no /v1/auth call and puts the server key in no file under .next: static, server, cache', async () => {
    expect(authCallsDuringBuild).toBe(0);
    const files = await filesUnder(join(EXAMPLE_DIR, '.next'));
    const staticFiles = files.filter((file) => file.includes('/.next/static/'));
    console.log(`next build output: ${files.length} files under .next, ${staticFiles.length} under .next/static`);
    expect(staticFiles.length).toBeGreaterThan(0);
    expect(await filesContaining(files, SERVER_KEY)).toEqual([]);
  });

  it('browser-key mode shows the data, the typed key going only into the /v1/auth body', async () => {
    const page = await openTab('browser-key', '/browser-key');
    await page.getByTestId('api-key').fill(USER_KEY);
    await page.getByTestId('api-key').press('Enter');
    expect(await dataShown(page)).toContain(ACCOUNT);
    tabs.set('browser-key', page);
    await traffic.settle();
    const carrying = traffic.exchanges.filter((exchange) => exchangeText(exchange).includes(USER_KEY));
    expect(where(carrying)).toEqual([`browser-key: POST ${mock.baseUrl}/v1/auth`]);
    expect(carrying[0]!.requestBody).toBe(JSON.stringify({ key: USER_KEY }));
  });

  it('the session pages show a sign-in form, and signing in sets an HttpOnly session cookie', async () => {
    const page = await openTab('sign-in', '/token-endpoint');
    await page.getByRole('button', { name: 'Sign in as the demo user' }).click();
    // Back on the page it came from, now with a session.
    await page.waitForURL(`${app.url}/token-endpoint`);
    const [cookie] = (await chromium.context.cookies(app.url)).filter(({ name }) => name === '__Host-demo_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await page.close();
  });

  it.each(MODES)('%s mode shows the data', async (mode) => {
    const page = await openTab(mode, `/${mode}`);
    expect(await dataShown(page)).toContain(ACCOUNT);
    tabs.set(mode, page);
  });

  it('the prefetched page has its data in the HTML, and the browser asks for nothing on first render', async () => {
    await traffic.settle();
    const prefetched = traffic.exchanges.filter((exchange) => exchange.tab === 'prefetched');
    const document = prefetched.find((exchange) => exchange.url === `${app.url}/prefetched`);
    expect(document?.responseBody).toContain(ACCOUNT);
    const dataRequests = prefetched.filter(({ url }) => url.includes('/api/') || url.startsWith(mock.baseUrl));
    expect(where(dataRequests)).toEqual([]);
  });

  it(`over ${RUN_SEC} s of page views (${RUN_SEC / TOKEN_LIFETIME_SEC} token lifetimes), every mode keeps loading data, no expired answer reaches a page, and the server (token handler and proxy on one token) calls /v1/auth at most 1 + ${RUN_SEC} / ${RENEWAL_INTERVAL_SEC} times, not once per page view`, async () => {
    const first = serverAuthCalls()[0];
    expect(first).toBeDefined();
    const runEnd = first!.time + RUN_SEC * 1000;
    const viewers = await Promise.all(MODES.map((mode) => openTab(`${mode} views`, '/')));
    let pageViews = 0;
    let refetchRounds = 0;
    let nextRefetch = first!.time + (TOKEN_LIFETIME_SEC + 2) * 1000;
    while (Date.now() < runEnd) {
      const index = pageViews % MODES.length;
      await viewers[index]!.goto(`${app.url}/${MODES[index]!}`);
      expect(await dataShown(viewers[index]!)).toContain(ACCOUNT);
      pageViews += 1;
      if (Date.now() >= nextRefetch) {
        // The long-lived tabs hold tokens (or sessions) from before: they must renew to load again.
        for (const page of tabs.values()) await refetched(page);
        refetchRounds += 1;
        nextRefetch += TOKEN_LIFETIME_SEC * 1000;
      }
      // Let the view's prefetches finish before its tab moves on: a navigation drops the requests
      // still under way, and a dropped request's body can no longer be read for the scans.
      await viewers[index]!.waitForLoadState('networkidle');
      await traffic.settle();
    }
    for (const page of tabs.values()) await refetched(page);
    refetchRounds += 1;

    await traffic.settle();
    const calls = serverAuthCalls().filter(({ time }) => time <= runEnd).length;
    const upstreamExpired = mock.service.graphqlCalls.filter(({ expired }) => expired).length;
    console.log(
      `Next.js run: ${pageViews} page views and ${refetchRounds} refetch rounds of ${tabs.size} long-lived tabs in ${RUN_SEC} s; ` +
        `${calls} server-side /v1/auth calls; ${upstreamExpired} expired answers upstream`,
    );
    expect(refetchRounds).toBeGreaterThanOrEqual(RUN_SEC / TOKEN_LIFETIME_SEC);
    const bound = 1 + RUN_SEC / RENEWAL_INTERVAL_SEC;
    // Enough page views that one call per view would break the bound many times over.
    expect(pageViews).toBeGreaterThan(3 * bound);
    expect(calls).toBeLessThanOrEqual(bound);
    for (const page of [...tabs.values(), ...viewers]) expect(await shownErrors(page)).toEqual([]);
    await traffic.settle();
    // Answers, not scripts: the library's own chunk holds the message it looks for.
    const expired = traffic.exchanges.filter(
      ({ responseHeaders, responseBody }) => responseHeaders['content-type']?.includes('json') === true && responseBody.includes(EXPIRED_MESSAGE),
    );
    expect(where(expired)).toEqual([]);
  });

  it('a subscription on the /live page streams through the proxy’s relay across two renewals of the server’s token: every event once, in order, one stream in the browser', async () => {
    const page = await openTab('live', '/live');
    const status = page.getByTestId('subscription-status');
    await page.locator('[data-testid="subscription-status"][data-status="pending"]').waitFor({ timeout: 15_000 });
    const opId = (await status.getAttribute('data-op-id')) ?? '';
    const streams = () => mock.service.subscriptionConnections.filter(({ transport }) => transport === 'sse');
    // The proxy's stream upstream is open: events published from now on are the subscription's, from seq 1.
    await expect.poll(() => streams().filter(({ state }) => state === 'open').length, { timeout: 15_000 }).toBe(1);
    const authCallsBefore = serverAuthCalls().length;
    const stopEmitting = mock.service.emitEvery(250);
    try {
      // Two renewals: the stream moved to a second token, then to a third.
      await expect
        .poll(() => new Set(streams().map(({ tokenTag }) => tokenTag)).size, { timeout: (2 * RENEWAL_INTERVAL_SEC + 15) * 1000, interval: 500 })
        .toBeGreaterThanOrEqual(3);
    } finally {
      stopEmitting();
    }
    const lastSeq = mock.service.publish(`pentestStateChanged:${opId}`);
    const shown = page.getByTestId('seqs');
    await expect.poll(async () => (await shown.getAttribute('data-seqs'))?.split(',').at(-1), { timeout: 15_000 }).toBe(String(lastSeq));
    const seqs = ((await shown.getAttribute('data-seqs')) ?? '').split(',').map(Number);
    console.log(
      `Subscription through the proxy: ${lastSeq} events, ${streams().length} upstream streams, ${serverAuthCalls().length - authCallsBefore} server-side /v1/auth calls`,
    );
    expect(seqs).toEqual(Array.from({ length: lastSeq }, (_, index) => index + 1));
    expect(serverAuthCalls().length - authCallsBefore).toBeGreaterThanOrEqual(2);
    // Each move made before the token ran out: the service never had to end a stream for its token.
    expect(streams().filter(({ endedForExpiry }) => endedForExpiry)).toEqual([]);
    expect(await shownErrors(page)).toEqual([]);
    expect(await status.getAttribute('data-status')).toBe('receiving');

    // Leaving the page ends the browser's stream, and the proxy's upstream with it.
    await page.goto('about:blank');
    await expect.poll(() => streams().filter(({ state }) => state === 'open').length, { timeout: 15_000 }).toBe(0);
    await traffic.settle();
    const browserStreams = traffic.exchanges.filter(
      ({ tab, responseHeaders }) => tab === 'live' && responseHeaders['content-type']?.startsWith('text/event-stream'),
    );
    expect(browserStreams.map(({ method, url }) => `${method} ${url}`)).toEqual([`POST ${app.url}/api/graphql`]);
    // What the page read of it: every event, the last one too (the key and JWT scans below read it all).
    expect(browserStreams[0]!.responseBody).toContain(`"seq":${lastSeq}`);
    await page.close();
  });

  it('client-side navigation from the home page fetches an RSC payload of every other page', async () => {
    // The home page came as HTML, its RSC payload inline; the others come as RSC on navigation.
    const page = await openTab('navigation', '/');
    const links = [
      ['Browser key', '/browser-key'],
      ['Token endpoint', '/token-endpoint'],
      ['BFF proxy', '/bff'],
      ['Prefetched', '/prefetched'],
    ] as const;
    for (const [name, path] of links) {
      await page.getByRole('navigation').getByRole('link', { name }).click();
      await page.waitForURL(`${app.url}${path}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
    }
    await traffic.settle();
    const rsc = traffic.exchanges.filter(({ tab, requestHeaders }) => tab === 'navigation' && requestHeaders.rsc === '1');
    const paths = new Set(rsc.filter(({ responseBody }) => responseBody !== '').map(({ url }) => new URL(url).pathname));
    expect([...paths].sort()).toEqual(links.map(([, path]) => path).sort());
  });

  it('the server key is in no request the browser made and no response it got: HTML, RSC, scripts, JSON', async () => {
    await traffic.settle();
    expect(traffic.exchanges.length).toBeGreaterThan(0);
    // Every body was read, so every body was searched.
    expect(traffic.exchanges.filter(({ unreadable }) => unreadable !== null).map(({ tab, url, unreadable }) => `${tab}: ${url}: ${unreadable}`)).toEqual([]);
    const leaking = traffic.exchanges.filter((exchange) => exchangeText(exchange).includes(SERVER_KEY));
    const kind = (type: string) => traffic.exchanges.filter(({ responseHeaders }) => responseHeaders['content-type']?.includes(type) === true).length;
    console.log(
      `Key scan: ${traffic.exchanges.length} requests and responses (${kind('text/html')} HTML, ${kind('text/x-component')} RSC, ` +
        `${kind('javascript')} scripts, ${kind('json')} JSON; ${traffic.exchanges.filter(({ abandoned }) => abandoned).length} dropped by their tab ` +
        `before the answer came), ${leaking.length} with the key`,
    );
    expect(where(leaking)).toEqual([]);
  });

  it('no JWT the service issued reaches a BFF-mode page, in any body or header', async () => {
    await traffic.settle();
    const bffTabs = new Set(['bff', 'bff views', 'prefetched', 'prefetched views', 'live']);
    const bff = traffic.exchanges.filter(({ tab }) => bffTabs.has(tab));
    expect(bff.length).toBeGreaterThan(0);
    const issued = mock.service.issuedTokens;
    const carrying = bff.filter((exchange) => {
      const text = exchangeText(exchange);
      return JWT_PATTERN.test(text) || issued.some((token) => text.includes(token));
    });
    console.log(`JWT scan: ${bff.length} BFF-mode requests and responses, ${carrying.length} with a JWT; ${issued.length} tokens issued`);
    expect(where(carrying)).toEqual([]);
    // The detector does find tokens where they are expected: the token-endpoint tab receives them.
    const tokenTab = traffic.exchanges
      .filter(({ tab }) => tab === 'token-endpoint')
      .map(exchangeText)
      .join('\n');
    expect(issued.some((token) => tokenTab.includes(token))).toBe(true);
  });

  describe.each([
    { path: '/api/token', body: '{}' },
    { path: '/api/graphql', body: JSON.stringify({ query: 'query Account { session_user_account { name } }' }) },
  ])('$path', ({ path, body }) => {
    const post = async (headers: Record<string, string>, payload = body) =>
      fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

    it('answers a signed-in same-origin JSON POST (200, no-store)', async () => {
      const response = await post({ cookie: await sessionCookie(), origin: app.url, 'sec-fetch-site': 'same-origin' });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(await response.text()).not.toContain(SERVER_KEY);
    });

    it('refuses GET (405), non-JSON (415), cross-site (403), a foreign Origin (403), no session (401), a forged session (401), two session cookies (401)', async () => {
      const cookie = await sessionCookie();
      const statuses = {
        get: (await fetch(`${app.url}${path}`, { headers: { cookie } })).status,
        nonJson: (await post({ cookie, 'content-type': 'text/plain' })).status,
        crossSite: (await post({ cookie, 'sec-fetch-site': 'cross-site' })).status,
        foreignOrigin: (await post({ cookie, origin: 'https://attacker.example' })).status,
        noSession: (await post({})).status,
        forgedSession: (await post({ cookie: `__Host-demo_session=9999999999.${'0'.repeat(64)}` })).status,
        // Two valid sessions (a second one tossed in beside the user's): no session, never one picked from the two.
        twoSessions: (await post({ cookie: `${cookie}; ${cookie}` })).status,
      };
      expect(statuses).toEqual({ get: 405, nonJson: 415, crossSite: 403, foreignOrigin: 403, noSession: 401, forgedSession: 401, twoSessions: 401 });
    });
  });

  it('the proxy refuses a body over 1 MiB (413)', async () => {
    const query = `query Account { session_user_account { name } } # ${'x'.repeat(1024 * 1024)}`;
    const response = await fetch(`${app.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await sessionCookie() },
      body: JSON.stringify({ query }),
    });
    expect(response.status).toBe(413);
  });

  it('a page on another origin of the same site, with the session cookie going along, is refused (403)', async () => {
    // 127.0.0.1 on another port: same site, so the SameSite=Lax cookie is sent; only the Origin check stops it.
    const directory = await mkdtemp(join(tmpdir(), 'other-origin-'));
    await writeFile(join(directory, 'index.html'), '<!doctype html><title>other origin</title>');
    const other = await serveDirectory(directory);
    try {
      const page = await chromium.context.newPage();
      await traffic.watch(page, 'other origin');
      await page.goto(other.url);
      await page.evaluate(async (base) => {
        for (const path of ['/api/token', '/api/graphql']) {
          const body = path === '/api/token' ? '{}' : JSON.stringify({ query: '{ session_user_account { name } }' });
          // no-cors: what a page can send anywhere without a preflight (text/plain).
          await fetch(`${base}${path}`, { method: 'POST', mode: 'no-cors', credentials: 'include', body });
        }
      }, app.url);
      await traffic.settle();
      const attempts = traffic.exchanges.filter(({ tab, url }) => tab === 'other origin' && url.includes('/api/'));
      expect(
        attempts.map(({ url, status, requestHeaders }) => [new URL(url).pathname, status, requestHeaders.cookie?.startsWith('__Host-demo_session=')]),
      ).toEqual([
        ['/api/token', 403, true],
        ['/api/graphql', 403, true],
      ]);
      await page.close();
    } finally {
      await other.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('signed out, the pages offer the sign-in form and the browser’s own calls get 401', async () => {
    await chromium.context.clearCookies();
    const page = await openTab('signed out', '/bff');
    await page.getByRole('button', { name: 'Sign in as the demo user' }).waitFor();
    const statuses = await page.evaluate(async () =>
      Promise.all(
        ['/api/token', '/api/graphql'].map(async (path) => {
          const body = path === '/api/token' ? '{}' : JSON.stringify({ query: '{ session_user_account { name } }' });
          return (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status;
        }),
      ),
    );
    expect(statuses).toEqual([401, 401]);
  });
});

describe('examples/nextjs edge route handlers (export const runtime = "edge"), under next start', () => {
  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, redirect: 'manual' });

  async function signedInCookie(): Promise<string> {
    const signIn = await fetch(`${app.url}/api/sign-in`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ next: '/' }) });
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
    if (cookie === undefined) throw new Error('sign-in set no cookie');
    return cookie;
  }

  const accountName = (body: unknown) => (body as { data?: { session_user_account?: { name?: string } } }).data?.session_user_account?.name;

  async function answerOf(response: Response): Promise<{ status: number; body: string }> {
    return { status: response.status, body: await response.text() };
  }

  it('the proxy and the token handler answer data; after the upstream expires every token, one more /v1/auth call each and no error', async () => {
    const cookie = await signedInCookie();
    const query = JSON.stringify({ query: '{ session_user_account { name } }' });
    // Each edge route runs in a sandbox of its own (its own globalThis), so each holds its own token.
    let before = serverAuthCalls().length;
    const first = await post('/api/edge/graphql', query, { cookie });
    expect(first.status).toBe(200);
    expect(accountName(await first.json())).toBe(ACCOUNT);
    expect(serverAuthCalls().length - before).toBe(1);
    mock.service.expireTokensNow();
    before = serverAuthCalls().length;
    const afterExpiry = await post('/api/edge/graphql', query, { cookie });
    expect(afterExpiry.status).toBe(200);
    expect(accountName(await afterExpiry.json())).toBe(ACCOUNT);
    expect(serverAuthCalls().length - before).toBe(1);

    const tokenAnswer = await post('/api/edge/token', '{}', { cookie });
    expect(tokenAnswer.status).toBe(200);
    const { token } = (await tokenAnswer.json()) as { token: string };
    expect(mock.service.issuedTokens).toContain(token);
    mock.service.expireTokensNow();
    before = serverAuthCalls().length;
    const renewed = (await (await post('/api/edge/token', JSON.stringify({ expired: token }), { cookie })).json()) as { token: string };
    expect(renewed.token).not.toBe(token);
    expect(mock.service.issuedTokens).toContain(renewed.token);
    expect(serverAuthCalls().length - before).toBe(1);
  });

  it('refuses what the Node.js routes refuse, with the same status and body', async () => {
    const cookie = await signedInCookie();
    const query = JSON.stringify({ query: '{ session_user_account { name } }' });
    const refused: Array<[string, string, Record<string, string>]> = [
      ['no session', query, {}],
      ['a forged session', query, { cookie: `__Host-demo_session=9999999999.${'0'.repeat(64)}` }],
      ['two session cookies', query, { cookie: `${cookie}; ${cookie}` }],
      ['a foreign Origin', query, { cookie, origin: 'https://evil.example' }],
      ['cross-site', query, { cookie, 'sec-fetch-site': 'cross-site' }],
      ['not JSON', '{"query":', { cookie }],
    ];
    for (const [name, body, headers] of refused) {
      for (const [node, edge] of [
        ['/api/token', '/api/edge/token'],
        ['/api/graphql', '/api/edge/graphql'],
      ] as const) {
        const onNode = await answerOf(await post(node, body, headers));
        expect(onNode.status, `${name} on ${node}`).toBeGreaterThanOrEqual(400);
        expect(await answerOf(await post(edge, body, headers)), `${name} on ${edge}`).toEqual(onNode);
      }
    }
    const get = async (path: string) => answerOf(await fetch(`${app.url}${path}`, { headers: { cookie } }));
    expect(await get('/api/edge/token')).toEqual(await get('/api/token'));
  });
});
