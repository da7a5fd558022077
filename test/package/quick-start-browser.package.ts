// The README's first hour, as a new user lives it, on the packed tarball and in Debian's Chromium:
// a fresh Vite app with the README's install line, `npx graphql-jwt-auth-mock` in a terminal, the quick
// start's main.tsx and App.tsx pasted, data on the page; `e` pressed in the mock's terminal, the page
// refetches and recovers with exactly one more /v1/auth call. (The token-endpoint recipe with its
// sign-in, in an app made by create-vite: npm run test:recipes.)
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { start, startMock, stopAll } from './processes.ts';
import { npmInstall, root } from './throwaway-app.ts';
import { openWatchedPage } from './watched-page.ts';

const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'quick-start-vite');
/** What the README's main.tsx points at: the mock's default port, replaced by the port this run got. */
const README_MOCK_URL = 'http://127.0.0.1:4000';
let chromium: LaunchedChromium | undefined;

async function startVite(): Promise<string> {
  const vite = start(process.execPath, [join(appDir, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', '0', '--strictPort'], { cwd: appDir });
  const [, url] = await vite.printed(/Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/);
  return url ?? '';
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
    for (const name of (installLine ?? '').split(/\s+/))
      dependencies[name] = name === 'graphql-jwt-auth-react' ? `file:${tarball}` : (pinned[name] ?? 'latest');
    await writeFile(
      join(appDir, 'package.json'),
      JSON.stringify({ name: 'quick-start', private: true, type: 'module', dependencies: { ...dependencies }, devDependencies: { vite: '8.3.8' } }),
    );
    await writeFile(
      join(appDir, 'index.html'),
      '<!doctype html>\n<html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
    );
    await npmInstall(appDir);
  });

  afterAll(async () => {
    await chromium?.close();
    stopAll();
  });

  it('shows data, and after `e` in the mock’s terminal recovers on the next fetch with exactly one more /v1/auth call', async () => {
    const mock = await startMock(appDir);
    const main = await readFile(join(root, 'test/readme/quick-start/main.tsx'), 'utf8');
    expect(main).toContain(README_MOCK_URL);
    await writeFile(join(appDir, 'src/main.tsx'), main.replace(README_MOCK_URL, mock.baseUrl));
    await copyFile(join(root, 'test/readme/quick-start/App.tsx'), join(appDir, 'src/App.tsx'));
    chromium ??= await launchChromium();
    // The expired answer the app recovers from is part of the test.
    const { page, errors } = await openWatchedPage(
      chromium.context,
      await startVite(),
      (response) => response.status() === 401 && new URL(response.url()).pathname === '/v1/graphql',
    );

    await expect.poll(() => page.locator('li').count(), { timeout: 60_000 }).toBe(5);
    expect(await page.locator('li').first().textContent()).toMatch(/^.+: \w+$/);
    expect(mock.authCalls()).toBe(1);

    mock.child.stdin.write('e');
    await mock.printed(/Expired every token issued so far \(1\)/);
    // What a person does next: comes back to the tab. React Query refetches on focus.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    // The second token by its tag: the log names tokens as the client's events and the devtools do.
    await mock.printed(/POST \/v1\/auth 200 \w+[\s\S]*POST \/v1\/auth 200 \w+[\s\S]*POST \/v1\/graphql 200 /);
    const [first, second] = [...mock.output().matchAll(/POST \/v1\/auth 200 (\w+)/g)].map((issued) => issued[1]);
    await mock.printed(new RegExp(`POST /v1/graphql 200 ${second ?? 'second token'}`));

    expect(mock.output()).toContain(`POST /v1/graphql 401 ${first ?? 'first token'}`);
    expect(mock.authCalls()).toBe(2);
    expect(await page.locator('li').count()).toBe(5);
    expect(errors).toEqual([]);
    await page.close();
    stopAll();
  });
});
