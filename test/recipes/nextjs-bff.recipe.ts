// docs/modes.md's Next.js recipes and docs/live-data.md's, as a new user runs them: an app made by
// `npx create-next-app@16.4.3` with its defaults (Next.js 16, `cacheComponents: true`) outside the
// repository, the docs' install lines with the packed tarball, every file the docs show pasted from its
// block (docs/modes.md, app/providers.tsx from docs/recipes.md, the live page from docs/live-data.md),
// the docs' .env.local, then `next build`, `next start`, and sign-in and data in Chromium in the BFF,
// prefetched, token-endpoint and browser-key pages, and the live page's subscription through the proxy
// across renewals of eight-second tokens.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedChromium, launchChromium } from '../../test-browser/chromium.ts';
import { JWT_PATTERN } from '../../test-browser/nextjs/secrets.ts';
import type { Page } from 'playwright-core';
import { type Running, startMock, stopAll, userEnv } from '../package/processes.ts';
import { run } from '../package/throwaway-app.ts';
import { openWatchedPage } from '../package/watched-page.ts';
import { docBlocks, docFile, installArgs, readDoc } from './doc-blocks.ts';
import { createNextApp, shown, startNext, withoutGoogleFonts } from './next-app.ts';
import { timed } from './timed.ts';

const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'next-app');
const EXAMPLE = 'examples/nextjs/';
/** Seconds: the server's token moves every four, so a subscription crosses two renewals in about ten. */
const TOKEN_LIFETIME_SEC = 8;
let chromium: LaunchedChromium | undefined;
let server: Running | undefined;
let mock: Awaited<ReturnType<typeof startMock>> | undefined;

/** The generated layout with the docs' one change: `{children}` inside `<Providers>` (and no Google fonts, which CI cannot fetch). */
function withProviders(layout: string): string {
  const offline = withoutGoogleFonts(layout);
  const wrapped = offline.replace('{children}', '<Providers>{children}</Providers>');
  if (wrapped === offline) throw new Error(`create-next-app wrote a layout this test does not know:\n${layout}`);
  return `import { Providers } from "./providers";\n${wrapped}`;
}

/** Waits for the data; else fails with what the page shows and what went wrong, not a bare timeout. */
const dataShown = (page: Page, errors: string[]) => shown(page, 'data', errors, server);

/** The mock's log lines for event streams opened upstream: `… POST /v1/graphql/stream 200 <token tag>`. */
const upstreamStreamTags = () => [...(mock?.output() ?? '').matchAll(/POST \/v1\/graphql\/stream 200 (\S+)/g)].map(([, tag]) => tag);

describe('a fresh create-next-app with the docs’ Next.js recipes', () => {
  let url = '';
  let mockUrl = '';

  beforeAll(async () => {
    await mkdir(workDir, { recursive: true });
    await timed('next: npx create-next-app@16.4.3 --yes (generate and install)', () => createNextApp(workDir, 'next-app'));
    expect(await readFile(join(appDir, 'next.config.ts'), 'utf8')).toContain('cacheComponents: true');
    const modes = await readDoc('docs/modes.md');
    const args = [
      ...installArgs(modes, 'graphql-jwt-auth-react @tanstack/react-query').map((arg) => (arg === 'graphql-jwt-auth-react' ? tarball : arg)),
      ...installArgs(await readDoc('docs/live-data.md'), 'graphql-sse'),
    ];
    await timed('next: npm install (the docs’ lines)', () =>
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...args], { cwd: appDir, env: userEnv }),
    );

    const pasted = [...(await docBlocks('docs/modes.md')), ...(await docBlocks('docs/recipes.md')), ...(await docBlocks('docs/live-data.md'))].filter((block) =>
      block.file.startsWith(EXAMPLE),
    );
    for (const { file, code } of pasted) {
      const target = join(appDir, file.slice(EXAMPLE.length));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, code);
    }
    expect(pasted.map(({ file }) => file)).toEqual(
      expect.arrayContaining([
        `${EXAMPLE}app/bff/page.tsx`,
        `${EXAMPLE}app/browser-key/page.tsx`,
        `${EXAMPLE}app/providers.tsx`,
        `${EXAMPLE}lib/session.ts`,
        `${EXAMPLE}app/live/page.tsx`,
      ]),
    );
    const layout = join(appDir, 'app/layout.tsx');
    await writeFile(layout, withProviders(await readFile(layout, 'utf8')));

    // Events four times a second, so each move of the proxy's stream to a new token has some to lose.
    mock = await startMock(appDir, ['--token-lifetime', String(TOKEN_LIFETIME_SEC), '--event-interval', '250']);
    mockUrl = mock.baseUrl;
    // The docs' .env.local with this run's values: a secret as `openssl rand -hex 32` prints one, the mock's URL.
    const env = await docFile('docs/modes.md', 'test/recipes/nextjs-bff.recipe.ts');
    expect(env).toMatch(/^SESSION_SECRET=/m);
    await writeFile(
      join(appDir, '.env.local'),
      env.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString('hex')}`).replace(/^UPSTREAM_URL=.*$/m, `UPSTREAM_URL=${mock.baseUrl}`),
    );

    await timed('next: next build', () => run('npx', ['--no-install', 'next', 'build'], { cwd: appDir, env: userEnv }));
    ({ url, server } = await startNext(appDir));
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

  it('the live page subscribes through the proxy: across two renewals of the server’s token every event arrives once, in order, with neither the key nor a token in what the browser sends', async () => {
    chromium ??= await launchChromium();
    const { page, errors, requests } = await openWatchedPage(chromium.context, `${url}/live`);
    // Signed in by the test before, or here when this one runs alone.
    const signIn = page.getByRole('button', { name: 'Sign in as the demo user' });
    await Promise.race([signIn.waitFor().then(() => signIn.click()), page.getByTestId('subscription-status').waitFor()]);
    await shown(page, 'subscription-status', errors, server);
    const seqs = async () => ((await page.getByTestId('seqs').getAttribute('data-seqs')) ?? '').split(',').filter(Boolean).map(Number);
    await timed('next: the live page across two renewals of the server’s token', async () => {
      await expect.poll(seqs, { timeout: 30_000 }).not.toEqual([]);
      const tagsAtStart = new Set(upstreamStreamTags()).size;
      // Two moves of the proxy's stream upstream, each to a new token, and events after the second.
      await expect.poll(() => new Set(upstreamStreamTags()).size - tagsAtStart, { timeout: (3 * TOKEN_LIFETIME_SEC + 30) * 1000 }).toBeGreaterThanOrEqual(2);
      const moved = (await seqs()).length;
      await expect.poll(async () => (await seqs()).length, { timeout: 30_000 }).toBeGreaterThan(moved + 4);
    });
    const received = await seqs();
    console.log(`[recipes] next: ${received.length} events through ${new Set(upstreamStreamTags()).size} upstream streams`);
    expect(received).toEqual(Array.from({ length: received.length }, (_, index) => index + 1));
    expect(await page.getByTestId('subscription-status').getAttribute('data-status')).toBe('receiving');
    // One stream, to the app's own origin; no key and no token in anything the browser sent.
    const streams = requests.filter((request) => request.headers.accept?.includes('text/event-stream'));
    expect(streams.map((request) => request.url)).toEqual([`${url}/api/graphql`]);
    expect(requests.filter((request) => !request.url.startsWith(url))).toEqual([]);
    for (const request of requests) {
      expect(JSON.stringify(request)).not.toContain('dev-key');
      expect(JSON.stringify(request)).not.toMatch(JWT_PATTERN);
    }
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toMatch(JWT_PATTERN);
    expect(errors).toEqual([]);
    await page.close();
  });
});
