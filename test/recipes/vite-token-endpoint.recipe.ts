// docs/modes.md's token-endpoint recipe and docs/testing.md's component test, as a new user runs them:
// an app made by `npm create vite@9.3.0 -- --template react-ts` outside the repository, the packed
// tarball and the docs' install lines, every file pasted from its block in the docs. server.mjs (with
// its sign-in) behind Vite's dev proxy, the mock service's bin upstream, the page driven in Chromium.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { start, startMock, stopAll, SYSTEM_NODE, userEnv } from '../package/processes.ts';
import { run } from '../package/throwaway-app.ts';
import { openWatchedPage } from '../package/watched-page.ts';
import { docFile, installArgs, readDoc } from './doc-blocks.ts';
import { timed } from './timed.ts';
import { createViteApp, npmInstall as npmInstallIn, startViteWithDevProxy } from './vite-app.ts';

const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'vite-app');
const API_KEY = 'dev-key';
const DEMO_PASSWORD = 'correct horse battery staple';
/** Where the docs point: the mock's default port, replaced by this run's. */
const DOCS_MOCK_URL = 'http://127.0.0.1:4000';
let chromium: LaunchedChromium | undefined;

const npmInstall = (args: string[]) => npmInstallIn(appDir, tarball, args);

describe('a fresh create-vite app with the docs’ token-endpoint recipe and component test', () => {
  beforeAll(async () => {
    await mkdir(workDir, { recursive: true });
    await timed('vite: npm create vite@9.3.0', () => createViteApp(workDir, 'vite-app'));
    const readme = await readDoc('README.md');
    const server = await docFile('docs/modes.md', 'test/readme/server-node.mjs');
    await timed('vite: npm install (the README, the Node recipe and docs/testing.md)', async () => {
      await npmInstall(installArgs(readme, 'graphql-jwt-auth-react'));
      await npmInstall(installArgs(server, 'graphql-jwt-auth-react'));
      await npmInstall(installArgs(await readDoc('docs/testing.md'), '-D'));
    });
    await writeFile(join(appDir, 'server.mjs'), server);
    await writeFile(join(appDir, 'src/App.tsx'), await docFile('README.md', 'test/readme/quick-start/App.tsx'));
  }, 300_000);

  afterAll(async () => {
    await chromium?.close();
    stopAll();
  });

  it('signs in through server.mjs’s /api/sign-in and shows the data, with no key and no /v1/auth call in the browser', async () => {
    const mock = await startMock(appDir);
    const server = start(SYSTEM_NODE, ['server.mjs'], { cwd: appDir, env: { ...userEnv, API_KEY, DEMO_PASSWORD, UPSTREAM_URL: mock.baseUrl, PORT: '0' } });
    const [, serverUrl = ''] = await server.printed(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const main = await docFile('docs/modes.md', 'test/readme/quick-start/token-endpoint-main.tsx');
    expect(main).toContain(DOCS_MOCK_URL);
    await writeFile(join(appDir, 'src/main.tsx'), main.replace(DOCS_MOCK_URL, mock.baseUrl));
    const viteUrl = await startViteWithDevProxy(appDir, serverUrl);

    chromium ??= await launchChromium();
    const { context } = chromium;
    // Signed out, /api/token answers 401: that is what shows the form.
    const { page, errors, requests } = await timed('vite: open, sign in, data shown', async () => {
      const watched = await openWatchedPage(context, viteUrl, (response) => response.status() === 401 && new URL(response.url()).pathname === '/api/token');
      await watched.page.getByLabel('Password').fill(DEMO_PASSWORD);
      await watched.page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => watched.page.locator('li').count(), { timeout: 60_000 }).toBe(5);
      return watched;
    });

    const cookies = await context.cookies(viteUrl);
    expect(cookies.find((cookie) => cookie.name === 'session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(requests.filter((request) => request.url.startsWith(`${mock.baseUrl}/v1/graphql`)).length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.url.includes('/v1/auth'))).toEqual([]);
    for (const request of requests) expect(JSON.stringify(request)).not.toContain(API_KEY);
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(API_KEY);
    expect(mock.authCalls()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
    stopAll();
  });

  it('a wrong password starts no session: /api/sign-in answers 403 and /api/token still 401', async () => {
    const server = start(SYSTEM_NODE, ['server.mjs'], { cwd: appDir, env: { ...userEnv, API_KEY, DEMO_PASSWORD, PORT: '0' } });
    const [, serverUrl = ''] = await server.printed(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const signIn = await fetch(`${serverUrl}/api/sign-in`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ password: 'guess' }) });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    const forged = await fetch(`${serverUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session=${'a'.repeat(43)}` },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    stopAll();
  });

  it('docs/testing.md’s component test passes with `npx vitest run` in the same app (jsdom)', async () => {
    await writeFile(join(appDir, 'src/PentestNames.test.tsx'), await docFile('docs/testing.md', 'test/readme/recipe-testing-kit.test.tsx'));
    const { stdout } = await timed('vite: npx vitest run', () =>
      run('npx', ['--no-install', 'vitest', 'run'], { cwd: appDir, env: { ...userEnv, CI: '1', NO_COLOR: '1' } }),
    );
    expect(stdout).toMatch(/Tests\s+1 passed \(1\)/);
  });
});
