// docs/live-data.md's Vite recipe, as a new user runs it: an app made by `npm create vite@9.3.0 --
// --template react-ts` outside the repository, the install lines of the README, of docs/modes.md's
// server.mjs and of the recipe, server.mjs and src/App.tsx pasted from their blocks, docs/modes.md's
// token-endpoint src/main.tsx with the page's two changes, the mock's bin
// with six-second tokens and four events a second, Vite's dev proxy in front of server.mjs. In
// Chromium the page subscribes over graphql-ws with the tokens /api/token hands it, and moves to a new
// token at least twice with no event missing or repeated.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { start, startMock, stopAll, SYSTEM_NODE, userEnv } from '../package/processes.ts';
import { openWatchedPage } from '../package/watched-page.ts';
import { docFile, installArgs, readDoc } from './doc-blocks.ts';
import { timed } from './timed.ts';
import { createViteApp, npmInstall, startViteWithDevProxy } from './vite-app.ts';

const PAGE = 'docs/live-data.md';
const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'vite-live-app');
const API_KEY = 'dev-key';
const DEMO_PASSWORD = 'correct horse battery staple';
/** Where the docs point: the mock's default port, replaced by this run's. */
const DOCS_MOCK_URL = 'http://127.0.0.1:4000';
/** Seconds: the browser renews three seconds before expiry, so it moves every three. */
const TOKEN_LIFETIME_SEC = 6;
/** What the page asks to change in docs/modes.md's token-endpoint main.tsx, each as the page writes it. */
const LIVE_CHANGES = [
  ["import { App } from './App';", "import { App, subscriptions } from './App';"],
  ['<AuthProvider tokenEndpoint={endpoint}', '<AuthProvider tokenEndpoint={endpoint} subscriptions={subscriptions}'],
] as const;
let chromium: LaunchedChromium | undefined;

describe('a fresh create-vite app with docs/live-data.md’s token-endpoint subscription', () => {
  beforeAll(async () => {
    await mkdir(workDir, { recursive: true });
    await timed('live vite: npm create vite@9.3.0', () => createViteApp(workDir, 'vite-live-app'));
    const page = await readDoc(PAGE);
    const server = await docFile('docs/modes.md', 'test/readme/server-node.mjs');
    await timed('live vite: npm install (the README, the Node recipe and the page’s two lines)', async () => {
      await npmInstall(appDir, tarball, installArgs(await readDoc('README.md'), 'graphql-jwt-auth-react'));
      await npmInstall(appDir, tarball, installArgs(server, 'graphql-jwt-auth-react'));
      await npmInstall(appDir, tarball, installArgs(page, 'graphql-ws'));
      await npmInstall(appDir, tarball, installArgs(page, '-D ws'));
    });
    await writeFile(join(appDir, 'server.mjs'), server);
  }, 300_000);

  afterAll(async () => {
    await chromium?.close();
    stopAll();
  });

  it('signs in, subscribes over the service’s WebSocket with the handed-out token, and across two moves to a new token gets every event once, in order', async () => {
    const mock = await startMock(appDir, ['--token-lifetime', String(TOKEN_LIFETIME_SEC), '--event-interval', '250']);
    const server = start(SYSTEM_NODE, ['server.mjs'], { cwd: appDir, env: { ...userEnv, API_KEY, DEMO_PASSWORD, UPSTREAM_URL: mock.baseUrl, PORT: '0' } });
    const [, serverUrl = ''] = await server.printed(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await writeFile(join(appDir, 'src/App.tsx'), await docFile(PAGE, 'test/readme/live-recipe/App.tsx'));
    // docs/modes.md's token-endpoint main.tsx with the page's two changes.
    const main = await docFile('docs/modes.md', 'test/readme/quick-start/token-endpoint-main.tsx');
    const pageText = await readDoc(PAGE);
    const live = LIVE_CHANGES.reduce((text, [from, to]) => {
      expect(text).toContain(from);
      expect(pageText).toContain(`\`${to}`);
      return text.replace(from, to);
    }, main);
    expect(live).toContain(DOCS_MOCK_URL);
    await writeFile(join(appDir, 'src/main.tsx'), live.replace(DOCS_MOCK_URL, mock.baseUrl));
    const viteUrl = await startViteWithDevProxy(appDir, serverUrl);

    chromium ??= await launchChromium();
    // Signed out, /api/token answers 401: that is what shows the form.
    const watched = await openWatchedPage(
      chromium.context,
      viteUrl,
      (response) => response.status() === 401 && new URL(response.url()).pathname === '/api/token',
    );
    const { page, errors, requests } = watched;
    // The service's sockets (Vite's dev server has one of its own, for hot reloading).
    const serviceSocket = `${mock.baseUrl.replace('http:', 'ws:')}/v1/graphql`;
    const sockets: string[] = [];
    page.on('websocket', (socket) => {
      if (socket.url().startsWith(mock.baseUrl.replace('http:', 'ws:'))) sockets.push(socket.url());
    });
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const seqs = async () => (await page.locator('li').allTextContents()).map((text) => Number(/^#(\d+) /.exec(text)?.[1]));
    const tokenAnswers = () => requests.filter((request) => new URL(request.url).pathname === '/api/token').length;
    await timed('live vite: sign in, then two moves to a new token', async () => {
      await expect.poll(seqs, { timeout: 60_000 }).not.toEqual([]);
      const socketsAtFirstEvent = sockets.length;
      // Two moves: two more sockets, each opened with a new token, and events after the second.
      await expect.poll(() => sockets.length - socketsAtFirstEvent, { timeout: (3 * TOKEN_LIFETIME_SEC + 30) * 1000 }).toBeGreaterThanOrEqual(2);
      const moved = (await seqs()).length;
      await expect.poll(async () => (await seqs()).length, { timeout: 30_000 }).toBeGreaterThan(moved + 4);
    });

    const received = await seqs();
    console.log(
      `[recipes] live vite: ${received.length} events over ${sockets.length} sockets, ${tokenAnswers()} /api/token calls, ${mock.authCalls()} /v1/auth`,
    );
    expect(received).toEqual(Array.from({ length: received.length }, (_, index) => index + 1));
    expect(await page.locator('h1').textContent()).toMatch(/\(receiving\)$/);
    expect(new Set(sockets)).toEqual(new Set([serviceSocket]));
    // Each move took a token from /api/token (the first, and one per renewal), never the key.
    expect(tokenAnswers()).toBeGreaterThanOrEqual(3);
    expect(requests.filter((request) => request.url.includes('/v1/auth'))).toEqual([]);
    for (const request of requests) expect(JSON.stringify(request)).not.toContain(API_KEY);
    expect(errors).toEqual([]);
    await page.close();
  });
});
