// docs/modes.md's token-endpoint recipe and docs/testing.md's component test, as a new user runs them:
// an app made by `npm create vite@9.3.0 -- --template react-ts` outside the repository, the packed
// tarball and the docs' install lines, every file pasted from its block in the docs. server.mjs (with
// its sign-in) behind Vite's dev proxy, the mock service's bin upstream, the page driven in Chromium.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { serveDirectory } from '../../test-browser/static-server.ts';
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
    expect(cookies.find((cookie) => cookie.name === '__Host-session')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
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
      headers: { 'content-type': 'application/json', cookie: `__Host-session=${'a'.repeat(43)}` },
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

/** An auth endpoint that is down behind its proxy: 502 with no body, CORS answered so the page can read it. */
async function failingAuthServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' };
    response.writeHead(request.method === 'OPTIONS' ? 204 : 502, cors).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, server };
}

/** What the page shows for each case, once every case has answered, and what the console warned meanwhile. */
async function shownErrors(browser: LaunchedChromium, url: string): Promise<{ shown: Record<string, string>; warnings: string[] }> {
  const page = await browser.context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(url);
  const cases = page.locator('li[data-case]');
  await expect.poll(async () => (await cases.allTextContents()).filter((text) => text !== '…' && text !== 'loading').length, { timeout: 60_000 }).toBe(5);
  const shown: Record<string, string> = {};
  for (const item of await cases.all()) shown[(await item.getAttribute('data-case')) ?? ''] = (await item.textContent()) ?? '';
  await page.close();
  return { shown, warnings };
}

describe('the same create-vite app’s errors in development and in production', () => {
  let failing: { url: string; server: Server } | undefined;
  let browser: LaunchedChromium | undefined;
  afterAll(async () => {
    await browser?.close();
    failing?.server.close();
    stopAll();
  });

  it('`vite` (npm run dev): every error in full and the misspelt option warned of; `vite build`: the codes, no warning', async () => {
    const mock = await startMock(appDir);
    failing = await failingAuthServer();
    const page = await readFile(new URL('fixtures/dev-messages-main.tsx', import.meta.url), 'utf8');
    await writeFile(join(appDir, 'src/main.tsx'), page.replace('__MOCK_URL__', mock.baseUrl).replace('__FAILING_AUTH_URL__', failing.url));
    // The config create-vite wrote, as a user who never added the proxy has it.
    await writeFile(
      join(appDir, 'vite.config.ts'),
      `import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport default defineConfig({ plugins: [react()] });\n`,
    );

    const vite = start(SYSTEM_NODE, [join(appDir, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', '0', '--strictPort'], { cwd: appDir });
    const [, devUrl = ''] = await vite.printed(/Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/);
    browser = await launchChromium();
    const development = await timed('vite: dev server, the errors shown', () => shownErrors(browser!, devUrl));
    expect(development.shown).toEqual({
      'empty key': 'AuthConfigError: apiKey must be a non-empty string',
      'key rejected': 'InvalidApiKeyError: The API key was rejected by the auth endpoint (401)',
      'auth server down': `AuthServerError: The auth endpoint failed (502): HTTP 502`,
      'unknown region': 'AuthConfigError: Unknown region "mars"; configured regions: eu, us',
      provider: 'AuthConfigError: Unknown region "local"; configured regions: us, eu',
    });
    expect(development.warnings).toContain(
      'graphql-jwt-auth-react: AuthProvider ignores the option "regoins", which it does not know. Did you mean "regions"?',
    );

    await timed('vite: vite build', () => run(SYSTEM_NODE, [join(appDir, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: appDir, env: userEnv }));
    const built = await serveDirectory(join(appDir, 'dist'));
    try {
      const production = await shownErrors(browser, built.url);
      expect(production.shown).toEqual({
        'empty key': 'AuthConfigError: invalid option (GJA_STRING)',
        'key rejected': 'InvalidApiKeyError: GJA_KEY_REJECTED',
        'auth server down': 'AuthServerError: GJA_AUTH_FAILED 502 HTTP 502',
        'unknown region': 'AuthConfigError: GJA_UNKNOWN_REGION mars eu, us',
        provider: 'AuthConfigError: GJA_UNKNOWN_REGION local us, eu',
      });
      expect(production.warnings.filter((warning) => warning.includes('graphql-jwt-auth-react'))).toEqual([]);
    } finally {
      await built.close();
    }
  });
});
