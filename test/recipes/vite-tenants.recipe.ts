// docs/tenants.md's recipe, as a new user runs it: an app made by `npm create vite@9.3.0 -- --template
// react-ts` outside the repository, the page's install line with the packed tarball, every file pasted
// from its block (the README's App.tsx and docs/modes.md's dev proxy as the page says), then the page's
// three commands: the mock service with its keys, server-tenants.mjs with its environment, and Vite.
// Two users of two tenants sign in in Chromium and each sees what their own tenant's key is served.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { start, startMock, stopAll, SYSTEM_NODE, userEnv } from '../package/processes.ts';
import { openWatchedPage } from '../package/watched-page.ts';
import { docFile, installArgs, readDoc } from './doc-blocks.ts';
import { timed } from './timed.ts';
import { createViteApp, npmInstall, startViteWithDevProxy } from './vite-app.ts';

const PAGE = 'docs/tenants.md';
const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'tenants-app');
const MOCK_COMMAND = 'npx -p graphql-jwt-auth-react graphql-jwt-auth-mock ';
const SERVER_COMMAND = ' node server-tenants.mjs';
let chromium: LaunchedChromium | undefined;

/** The page's "run it" lines: the mock's options, and the server's environment (`NAME=value` before `node`). */
async function runLines(): Promise<{ mockArgs: string[]; serverEnv: Record<string, string> }> {
  const lines = (await readDoc(PAGE)).split('\n');
  const mockLine = lines.find((line) => line.startsWith(MOCK_COMMAND));
  const serverLine = lines.find((line) => line.endsWith(SERVER_COMMAND));
  if (mockLine === undefined || serverLine === undefined) throw new Error(`${PAGE} no longer shows how to run the mock and server-tenants.mjs`);
  const assignments = serverLine.slice(0, -SERVER_COMMAND.length).trim().split(/\s+/);
  return {
    mockArgs: mockLine.slice(MOCK_COMMAND.length).trim().split(/\s+/),
    serverEnv: Object.fromEntries(assignments.map((assignment) => assignment.split('=', 2) as [string, string])),
  };
}

/** The page's mock service and server-tenants.mjs, started as its "run it" lines say; answers the server's URL. */
async function startBackend() {
  const { mockArgs, serverEnv } = await runLines();
  const mock = await startMock(appDir, mockArgs);
  const server = start(SYSTEM_NODE, ['server-tenants.mjs'], { cwd: appDir, env: { ...userEnv, ...serverEnv, UPSTREAM_URL: mock.baseUrl, PORT: '0' } });
  const [, serverUrl = ''] = await server.printed(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
  return { mock, serverUrl, serverEnv, password: serverEnv.DEMO_PASSWORD ?? '' };
}

/** Signs in through the page's own form, and waits for the first page of pentests. */
async function signIn(page: Page, user: string, password: string): Promise<string[]> {
  await page.getByLabel('User').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.locator('li').count(), { timeout: 60_000 }).toBe(5);
  return page.locator('li').allTextContents();
}

const postForm = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', redirect: 'manual', headers, body: new URLSearchParams(fields) });

const askAccount = (serverUrl: string, cookie: string) =>
  fetch(`${serverUrl}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query: '{ session_user_account { company_name } }' }),
  });

describe('a fresh create-vite app with docs/tenants.md’s recipe: two tenants, one region, one proxy', () => {
  beforeAll(async () => {
    await mkdir(workDir, { recursive: true });
    await timed('tenants: npm create vite@9.3.0', () => createViteApp(workDir, 'tenants-app'));
    const install = installArgs(await readDoc(PAGE), 'graphql-jwt-auth-react');
    await timed('tenants: npm install (the page’s line)', () => npmInstall(appDir, tarball, install));
    await writeFile(join(appDir, 'tenants.mjs'), await docFile(PAGE, 'test/readme/tenants-recipe/tenants.mjs'));
    await writeFile(join(appDir, 'server-tenants.mjs'), await docFile(PAGE, 'test/readme/tenants-recipe/server-tenants.mjs'));
    await writeFile(join(appDir, 'src/main.tsx'), await docFile(PAGE, 'test/readme/quick-start/tenants-main.tsx'));
    await writeFile(join(appDir, 'src/App.tsx'), await docFile('README.md', 'test/readme/quick-start/App.tsx'));
  }, 300_000);

  afterAll(async () => {
    await chromium?.close();
    stopAll();
  });

  it('alice sees her tenant’s data, bob after her his own (the mock’s second key), with no key or token in the browser', async () => {
    const { mock, serverUrl, serverEnv, password } = await startBackend();
    const viteUrl = await startViteWithDevProxy(appDir, serverUrl);

    chromium ??= await launchChromium();
    const { context } = chromium;
    // Signed out, the proxy answers 401: that is what shows the form.
    const signedOutAnswer = (response: { status: () => number; url: () => string }) =>
      response.status() === 401 && new URL(response.url()).pathname === '/api/graphql';
    const { page, errors, requests } = await openWatchedPage(context, viteUrl, signedOutAnswer);

    const alices = await timed('tenants: alice signs in, data shown', () => signIn(page, 'alice', password));
    const cookies = await context.cookies(viteUrl);
    expect(cookies.map(({ name }) => name)).toEqual(['__Host-session']);
    expect(cookies[0]).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('User').waitFor();
    expect(await context.cookies(viteUrl)).toEqual([]);
    const bobs = await timed('tenants: bob signs in, data shown', () => signIn(page, 'bob', password));

    // One region, two keys: alice's pentests as the first key sees them, bob's as the second.
    expect(alices.filter((name) => name.includes(' · key '))).toEqual([]);
    expect(bobs.map((name) => name.replace(/: [a-z_]+$/, ''))).toEqual(alices.map((name) => `${name.replace(/: [a-z_]+$/, '')} · key 2`));
    // The mock's log reaches its terminal a moment after the answers; one /v1/auth per tenant, no more.
    await expect.poll(() => mock.authCalls()).toBe(2);
    // Two tokens, named in the log by their tags: two different ones.
    const tags = [...mock.output().matchAll(/us POST \/v1\/auth 200 (\S+)/g)].map(([, tag]) => tag);
    expect(tags).toHaveLength(2);
    expect(new Set(tags).size).toBe(2);
    // BFF: the browser talks to its own origin only, and no key is in anything it sent or holds.
    expect(requests.filter((request) => !request.url.startsWith(viteUrl))).toEqual([]);
    const keys = Object.entries(serverEnv).flatMap(([name, value]) => (name.endsWith('_API_KEY') ? [value] : []));
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      for (const request of requests) expect(JSON.stringify(request)).not.toContain(key);
      expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(key);
    }
    expect(errors).toEqual([]);
    await page.close();
    stopAll();
  });

  it('refuses a request carrying two session cookies, a wrong password, an unknown user and another site’s sign-in form', async () => {
    const { mock, serverUrl, password } = await startBackend();
    const sessionOf = async (user: string) => {
      const answer = await postForm(`${serverUrl}/api/sign-in`, { user, password });
      expect(answer.status).toBe(303);
      return /^(__Host-session=[\w-]{43});/.exec(answer.headers.get('set-cookie') ?? '')?.[1] ?? '';
    };
    const alice = await sessionOf('alice');
    const bob = await sessionOf('bob');

    expect(await (await askAccount(serverUrl, alice)).json()).toEqual({ data: { session_user_account: { company_name: 'Acme Corp (us)' } } });
    expect(await (await askAccount(serverUrl, bob)).json()).toEqual({ data: { session_user_account: { company_name: 'Acme Corp (us) · key 2' } } });
    // A second session cookie beside the real one (planted, or left over): neither is guessed at.
    expect((await askAccount(serverUrl, `${bob}; ${alice}`)).status).toBe(401);
    expect((await askAccount(serverUrl, `${alice}; ${alice}`)).status).toBe(401);
    // Only the __Host- cookie counts: a plain `session` cookie, which any host could set, is no session.
    expect((await askAccount(serverUrl, alice.replace('__Host-session', 'session'))).status).toBe(401);

    for (const refused of [
      postForm(`${serverUrl}/api/sign-in`, { user: 'alice', password: 'guess' }),
      postForm(`${serverUrl}/api/sign-in`, { user: 'mallory', password }),
      postForm(`${serverUrl}/api/sign-in`, { user: 'alice', password }, { 'sec-fetch-site': 'cross-site' }),
    ]) {
      const answer = await refused;
      expect(answer.status).toBe(403);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    await expect.poll(() => mock.authCalls()).toBe(2);
    stopAll();
  });
});
