// docs/modes.md's Next.js recipes, as a new user runs them: an app made by `npx create-next-app@16.4.3`
// with its defaults (Next.js 16, `cacheComponents: true`) outside the repository, the docs' install
// line with the packed tarball, every file the docs show pasted from its block (docs/modes.md, and
// app/providers.tsx from docs/recipes.md), the docs' .env.local, then `next build`, `next start`, and
// sign-in and data in Chromium in the BFF, prefetched, token-endpoint and browser-key pages.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import type { Page } from 'playwright-core';
import { type Running, start, startMock, stopAll, userEnv } from '../package/processes.ts';
import { run } from '../package/throwaway-app.ts';
import { openWatchedPage } from '../package/watched-page.ts';
import { docBlocks, docFile, installArgs, readDoc } from './doc-blocks.ts';
import { timed } from './timed.ts';

const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'next-app');
const EXAMPLE = 'examples/nextjs/';
let chromium: LaunchedChromium | undefined;
let server: Running | undefined;

/** A free port on 127.0.0.1 for `next start`, which prints no port it chose itself. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address !== null) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });

/**
 * The generated layout with the docs' one change: `{children}` inside `<Providers>`. Its Google fonts go
 * too: `next build` fetches them from fonts.googleapis.com, which CI cannot reach.
 */
function withProviders(layout: string): string {
  const offline = layout
    .replace(/^import \{[^}]*\} from "next\/font\/google";\n/m, '')
    .replace(/^const geist\w* = Geist\w*\(\{[\s\S]*?\}\);\n\n?/gm, '')
    .replace('${geistSans.variable} ${geistMono.variable} ', '');
  const wrapped = offline.replace('{children}', '<Providers>{children}</Providers>');
  if (wrapped === offline || /geist/i.test(wrapped)) throw new Error(`create-next-app wrote a layout this test does not know:\n${layout}`);
  return `import { Providers } from "./providers";\n${wrapped}`;
}

/** Waits for the data; else fails with what the page shows and what went wrong, not a bare timeout. */
async function dataShown(page: Page, errors: string[]): Promise<void> {
  try {
    await page.getByTestId('data').waitFor({ timeout: 60_000 });
  } catch (error) {
    throw new Error(
      `no data on ${page.url()}: the page shows "${await page.locator('body').innerText()}"; errors: ${JSON.stringify(errors)}\nnext start printed:\n${server?.output() ?? ''}`,
      { cause: error },
    );
  }
}

describe('a fresh create-next-app with the docs’ Next.js recipes', () => {
  let url = '';
  let mockUrl = '';

  beforeAll(async () => {
    await mkdir(workDir, { recursive: true });
    await timed('next: npx create-next-app@16.4.3 --yes (generate and install)', () =>
      // Its defaults, installing with npm; prefer-offline lets npm's cache answer what it holds.
      run('npx', ['--yes', 'create-next-app@16.4.3', 'next-app', '--yes', '--disable-git'], {
        cwd: workDir,
        env: { ...userEnv, npm_config_prefer_offline: 'true' },
      }),
    );
    expect(await readFile(join(appDir, 'next.config.ts'), 'utf8')).toContain('cacheComponents: true');
    const modes = await readDoc('docs/modes.md');
    const args = installArgs(modes, 'graphql-jwt-auth-react @tanstack/react-query').map((arg) => (arg === 'graphql-jwt-auth-react' ? tarball : arg));
    await timed('next: npm install (the docs’ line)', () =>
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...args], { cwd: appDir, env: userEnv }),
    );

    const shown = [...(await docBlocks('docs/modes.md')), ...(await docBlocks('docs/recipes.md'))].filter((block) => block.file.startsWith(EXAMPLE));
    for (const { file, code } of shown) {
      const target = join(appDir, file.slice(EXAMPLE.length));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, code);
    }
    expect(shown.map(({ file }) => file)).toEqual(
      expect.arrayContaining([`${EXAMPLE}app/bff/page.tsx`, `${EXAMPLE}app/browser-key/page.tsx`, `${EXAMPLE}app/providers.tsx`, `${EXAMPLE}lib/session.ts`]),
    );
    const layout = join(appDir, 'app/layout.tsx');
    await writeFile(layout, withProviders(await readFile(layout, 'utf8')));

    const mock = await startMock(appDir);
    mockUrl = mock.baseUrl;
    // The docs' .env.local with this run's values: a secret as `openssl rand -hex 32` prints one, the mock's URL.
    const env = await docFile('docs/modes.md', 'test/recipes/nextjs-bff.recipe.ts');
    expect(env).toMatch(/^SESSION_SECRET=/m);
    await writeFile(
      join(appDir, '.env.local'),
      env.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString('hex')}`).replace(/^UPSTREAM_URL=.*$/m, `UPSTREAM_URL=${mock.baseUrl}`),
    );

    await timed('next: next build', () => run('npx', ['--no-install', 'next', 'build'], { cwd: appDir, env: userEnv }));
    const port = await freePort();
    server = start('npx', ['--no-install', 'next', 'start', '-H', '127.0.0.1', '-p', String(port)], { cwd: appDir });
    await server.printed(/Ready in/);
    url = `http://127.0.0.1:${String(port)}`;
  }, 420_000);

  afterAll(async () => {
    await chromium?.close();
    stopAll();
  });

  it('signs in on the BFF page and shows the data with every request to its own origin; the prefetched, token-endpoint and browser-key pages show it too', async () => {
    chromium ??= await launchChromium();
    const { context } = chromium;
    const { page, errors, requests } = await timed('next: open /bff, sign in, data shown', async () => {
      const watched = await openWatchedPage(context, `${url}/bff`);
      await watched.page.getByRole('button', { name: 'Sign in as the demo user' }).click();
      await dataShown(watched.page, watched.errors);
      return watched;
    });
    expect(await page.getByTestId('account').textContent()).toMatch(/Signed in to the service as .+/);
    const cookie = (await context.cookies(url)).find((found) => found.name === '__Host-demo_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // BFF: the browser talks to its own origin only.
    expect(requests.filter((request) => !request.url.startsWith(url))).toEqual([]);
    expect(requests.some((request) => request.url === `${url}/api/graphql`)).toBe(true);

    await page.goto(`${url}/prefetched`);
    await dataShown(page, errors);
    await page.goto(`${url}/token-endpoint`);
    await dataShown(page, errors);
    // The browser-key page: the user's own key typed in (the mock's default key).
    await page.goto(`${url}/browser-key`);
    await page.getByTestId('api-key').fill('dev-key');
    await page.getByTestId('api-key').press('Enter');
    await dataShown(page, errors);
    expect(requests.some((request) => request.url.startsWith(`${mockUrl}/v1/graphql`))).toBe(true);
    expect(errors).toEqual([]);
  });
});
