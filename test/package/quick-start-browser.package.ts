// The README's first hour, as a new user lives it, on the packed tarball and in Debian's Chromium:
// a fresh Vite app with the README's install line, `npx graphql-jwt-auth-mock` in a terminal, the quick
// start's main.tsx and App.tsx pasted, data on the page; `e` pressed in the mock's terminal, the page
// refetches and recovers with exactly one more /v1/auth call. Then the Node recipe (server.mjs) with
// Vite's dev proxy from docs/modes.md, and the token endpoint mode: data with no key in the browser.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { npmInstall, root } from './throwaway-app.ts';

const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'quick-start-vite');
const SYSTEM_NODE = '/usr/bin/node';
/** The system Node first on PATH, as in a user's shell: `npx` and the bins' `#!/usr/bin/env node` find it. */
const env = { ...process.env, PATH: [dirname(SYSTEM_NODE), ...(process.env.PATH ?? '').split(delimiter)].join(delimiter) };
const API_KEY = 'dev-key';
/** What the README's main.tsx points at: the mock's default port, replaced by the port this run got. */
const README_MOCK_URL = 'http://127.0.0.1:4000';
const children: ChildProcessWithoutNullStreams[] = [];
let chromium: LaunchedChromium | undefined;

/** A process and everything it printed so far, with a wait for a line to appear. */
interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  printed: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
}

function start(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Running {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: string) => {
    // Without the terminal's colours, so patterns read the text a person sees.
    output += chunk.replace(/\u001b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
    for (const listener of listeners) listener();
  };
  child.stdout.setEncoding('utf8').on('data', append);
  child.stderr.setEncoding('utf8').on('data', append);
  const printed = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${command} did not print ${String(pattern)} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const exited = (code: number | null) => {
        finish();
        reject(new Error(`${command} exited (${String(code)}) before printing ${String(pattern)}:\n${output}`));
      };
      const check = () => {
        const match = pattern.exec(output);
        if (match === null) return;
        finish();
        resolve(match);
      };
      const finish = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', exited);
      };
      listeners.add(check);
      child.once('exit', exited);
      check();
    });
  return { child, output: () => output, printed };
}

/** `npx graphql-jwt-auth-mock --log` in a real terminal (`script` gives it a pty), so `e` can be pressed. */
async function startMock(): Promise<Running & { baseUrl: string; authCalls: () => number }> {
  const mock = start('script', ['-qfec', 'npx --no-install graphql-jwt-auth-mock --port 0 --log', '/dev/null'], { cwd: appDir });
  const [, baseUrl] = await mock.printed(/us: '(http:\/\/127\.0\.0\.1:\d+)'/);
  await mock.printed(/Ctrl-C \(or q\) stops it\./);
  return { ...mock, baseUrl: baseUrl ?? '', authCalls: () => mock.output().match(/POST \/v1\/auth 200/g)?.length ?? 0 };
}

async function startVite(): Promise<string> {
  const vite = start(process.execPath, [join(appDir, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', '0', '--strictPort'], { cwd: appDir });
  const [, url] = await vite.printed(/Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/);
  return url ?? '';
}

/** A page that fails the test on any page error or console error it logs. */
async function openPage(url: string): Promise<{ page: Page; errors: string[]; requests: Array<{ url: string; headers: Record<string, string>; body: string }> }> {
  chromium ??= await launchChromium();
  const page = await chromium.context.newPage();
  const errors: string[] = [];
  const requests: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Chromium logs every answer of 400 or more as "Failed to load resource"; those are judged below, by URL.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    // Chromium's own favicon request, and the expired answer the app recovers from (part of the test).
    const expected = pathname === '/favicon.ico' || (response.status() === 401 && pathname === '/v1/graphql');
    if (response.status() >= 400 && !expected) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => requests.push({ url: request.url(), headers: request.headers(), body: request.postData() ?? '' }));
  await page.goto(url);
  return { page, errors, requests };
}

function stopAll(): void {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL'); // the process group: npx, script and vite's children with them
    } catch {
      // already gone
    }
  }
}

describe('the quick start, in a fresh Vite app on the packed tarball, in Chromium', () => {
  beforeAll(async () => {
    await mkdir(join(appDir, 'src'), { recursive: true });
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    // The README's install line, as the user copies it: every package it names goes in.
    const installLine = /^npm install (graphql-jwt-auth-react [^\n]+)$/m.exec(readme)?.[1];
    expect(installLine).toBeDefined();
    const pinned: Record<string, string> = { react: '19.3.1', 'react-dom': '19.3.1', '@tanstack/react-query': '5.108.0', graphql: '16.15.0' };
    const dependencies: Record<string, string> = {};
    for (const name of (installLine ?? '').split(/\s+/)) dependencies[name] = name === 'graphql-jwt-auth-react' ? `file:${tarball}` : (pinned[name] ?? 'latest');
    await writeFile(
      join(appDir, 'package.json'),
      JSON.stringify({ name: 'quick-start', private: true, type: 'module', dependencies: { ...dependencies, '@hono/node-server': '2.1.8' }, devDependencies: { vite: '8.3.8' } }),
    );
    await writeFile(join(appDir, 'index.html'), '<!doctype html>\n<html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n');
    await npmInstall(appDir);
  });

  afterAll(async () => {
    await chromium?.close();
    stopAll();
  });

  it('shows data, and after `e` in the mock’s terminal recovers on the next fetch with exactly one more /v1/auth call', async () => {
    const mock = await startMock();
    const main = await readFile(join(root, 'test/readme/quick-start/main.tsx'), 'utf8');
    expect(main).toContain(README_MOCK_URL);
    await writeFile(join(appDir, 'src/main.tsx'), main.replace(README_MOCK_URL, mock.baseUrl));
    await copyFile(join(root, 'test/readme/quick-start/App.tsx'), join(appDir, 'src/App.tsx'));
    const { page, errors } = await openPage(await startVite());

    await expect.poll(() => page.locator('li').count(), { timeout: 60_000 }).toBe(5);
    expect(await page.locator('li').first().textContent()).toMatch(/^.+: \w+$/);
    expect(mock.authCalls()).toBe(1);

    mock.child.stdin.write('e');
    await mock.printed(/Expired every token issued so far \(1\)/);
    // What a person does next: comes back to the tab. React Query refetches on focus.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await mock.printed(/POST \/v1\/graphql 200 us#2/);

    expect(mock.output()).toMatch(/POST \/v1\/graphql 401 us#1/);
    expect(mock.authCalls()).toBe(2);
    expect(await page.locator('li').count()).toBe(5);
    expect(errors).toEqual([]);
    await page.close();
    stopAll();
  });

  it('the Node recipe behind Vite’s dev proxy: the token endpoint mode shows data, and no key reaches the browser', async () => {
    const mock = await startMock();
    await copyFile(join(root, 'test/readme/server-node.mjs'), join(appDir, 'server.mjs'));
    const server = start(SYSTEM_NODE, ['server.mjs'], { cwd: appDir, env: { ...env, API_KEY, UPSTREAM_URL: mock.baseUrl, PORT: '0' } });
    const [, serverUrl] = await server.printed(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    // docs/modes.md's vite.config.ts, pointed at the port this run's server got.
    const viteConfig = await readFile(join(root, 'test/readme/vite-dev-proxy.ts'), 'utf8');
    expect(viteConfig).toContain("'http://127.0.0.1:8787'");
    await writeFile(join(appDir, 'vite.config.ts'), viteConfig.replaceAll("'http://127.0.0.1:8787'", `'${serverUrl ?? ''}'`));
    // The quick start's App with the provider of the token endpoint mode (docs/modes.md): no apiKey.
    await writeFile(
      join(appDir, 'src/main.tsx'),
      `import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, tokenEndpoint } from 'graphql-jwt-auth-react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const endpoint = tokenEndpoint('/api/token');
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <AuthProvider tokenEndpoint={endpoint} regions={{ us: ${JSON.stringify(mock.baseUrl)} }}>
      <App />
    </AuthProvider>
  </QueryClientProvider>,
);
`,
    );
    const viteUrl = await startVite();
    // The app's own sign-in would set this; the recipe's authorizeRequest asks for a session cookie.
    chromium ??= await launchChromium();
    await chromium.context.addCookies([{ name: 'session', value: 'signed-in', url: viteUrl }]);
    const { page, errors, requests } = await openPage(viteUrl);

    await expect.poll(() => page.locator('li').count(), { timeout: 60_000 }).toBe(5);
    expect(requests.filter((request) => request.url.endsWith('/api/token'))).toHaveLength(1);
    expect(requests.filter((request) => request.url.startsWith(`${mock.baseUrl}/v1/graphql`)).length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.url.includes('/v1/auth'))).toEqual([]);
    for (const request of requests) expect(JSON.stringify(request)).not.toContain(API_KEY);
    // Nothing the page can read carries the key either: its storage and its document.
    expect(await page.evaluate(() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]) + document.documentElement.outerHTML)).not.toContain(API_KEY);
    expect(mock.authCalls()).toBe(1);
    expect(errors).toEqual([]);
  });
});
