import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, createServer, type InlineConfig, type Rolldown } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockService } from '../../test/support/serve.ts';
import { shared } from '../../config/vitest.shared.ts';
import { launchChromium, type LaunchedChromium } from '../chromium.ts';

/**
 * `<AuthDevtools />` in a Vite app as a user builds one (test-browser/library/devtools-app): in the dev
 * server, in Chromium, against the mock service on 127.0.0.1; and in the app's production build, absent.
 * With UPDATE_SCREENSHOT=1 the open panel's screenshot goes to docs/screenshots/auth-devtools.png (the
 * README's); otherwise to test-results/.
 */
const APP = fileURLToPath(new URL('./devtools-app/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCREENSHOT = process.env.UPDATE_SCREENSHOT === '1' ? join(ROOT, 'docs/screenshots/auth-devtools.png') : join(ROOT, 'test-results/auth-devtools.png');
/** Strings only the panel's code holds. */
const PANEL_MARKERS = ['Open auth devtools', 'Renew now', 'gjad-panel'];

let cacheDir: string;
const appConfig = (): InlineConfig => ({
  root: APP,
  configFile: false,
  logLevel: 'error',
  // Its own cache: node_modules/.vite is shared with other checkouts and runs.
  cacheDir,
  resolve: shared.resolve,
});

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'devtools-app-vite-'));
});
afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

describe('<AuthDevtools /> in a Vite dev app, in Chromium', () => {
  let chromium: LaunchedChromium;
  let closeServer: () => Promise<void>;
  let appUrl: string;
  const errors: string[] = [];

  beforeAll(async () => {
    const server = await createServer({
      ...appConfig(),
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
      // What `vite` in a shell serves: Vite takes NODE_ENV from the process, and vitest's is "test".
      define: { 'process.env.NODE_ENV': JSON.stringify('development') },
      // Every CommonJS dependency optimized before the first page, so no reload comes mid-test.
      optimizeDeps: { noDiscovery: true, include: ['react', 'react/jsx-dev-runtime', 'react/jsx-runtime', 'react-dom/client', '@tanstack/react-devtools'] },
    });
    await server.listen();
    const address = server.httpServer?.address();
    if (address === null || address === undefined || typeof address === 'string') throw new Error('no address');
    appUrl = `http://127.0.0.1:${String(address.port)}/`;
    closeServer = () => server.close();
    // The width the issue of clipped log lines was seen at.
    chromium = await launchChromium({ width: 1280, height: 800 });
    chromium.context.on('page', (page) => {
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
    });
  });
  afterAll(async () => {
    await Promise.all([chromium.close(), closeServer()]);
  });
  beforeEach(() => {
    errors.length = 0;
  });

  const logLines = (page: Page) => page.getByRole('list', { name: 'Auth events' }).getByRole('listitem').allTextContents();
  const untilLines = (page: Page, count: number) =>
    page.waitForFunction((n) => document.querySelectorAll('[aria-label="Auth events"] > li').length >= n, count, { timeout: 20_000 });

  it('authDevtoolsPlugin() in TanStack Devtools: a tab named Auth, the panel of the provider client, legible on its light theme, Renew now one /v1/auth call', async () => {
    const { service, baseUrl, close } = await startMockService({ apiKeys: ['browser-key'] });
    const page = await chromium.context.newPage();
    await page.goto(`${appUrl}tanstack.html?service=${encodeURIComponent(baseUrl)}`);
    const panel = page.getByRole('region', { name: 'Auth devtools' });
    await panel.waitFor({ timeout: 30_000 });
    expect(await page.getByText('Auth', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Run query' }).click();
    await untilLines(page, 3);
    // The panel paints its own dark background: its text must not take the host's dark color.
    expect(
      await panel
        .locator('dd')
        .first()
        .evaluate((dd) => getComputedStyle(dd).color),
    ).toBe('rgb(232, 232, 232)');
    await panel.getByRole('button', { name: 'Renew now' }).click();
    await untilLines(page, 5);
    expect((await logLines(page)).slice(3)).toEqual([expect.stringContaining('exchange-start · forced'), expect.stringContaining('exchange-end · ok')]);
    expect(service.authCalls).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.close();
    await close();
  });

  it('opens from its button; after the service expires its tokens the log gains one expired attempt, one exchange and one retried attempt; Renew now makes exactly one /v1/auth call', async () => {
    const { service, baseUrl, close } = await startMockService({ apiKeys: ['browser-key'] });
    const page = await chromium.context.newPage();
    await page.goto(`${appUrl}?service=${encodeURIComponent(baseUrl)}`);

    await page
      .getByRole('button', { name: 'Open auth devtools' })
      .click({ timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`The app did not show the devtools button: ${errors.join('; ') || 'no error reported'}`, { cause: error });
      });
    const panel = page.getByRole('region', { name: 'Auth devtools' });
    await panel.waitFor();
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.getByRole('list', { name: 'Pentests' }).getByRole('listitem').first().waitFor();
    await untilLines(page, 3);
    expect(await logLines(page)).toEqual([
      expect.stringContaining('exchange-start · first'),
      expect.stringContaining('exchange-end · ok'),
      expect.stringMatching(/operation · query Pentests · \w+ · ok · 200/),
    ]);

    service.expireTokensNow();
    await page.getByRole('button', { name: 'Run query' }).click();
    await untilLines(page, 7);
    const afterExpiry = (await logLines(page)).slice(3);
    expect(afterExpiry).toEqual([
      expect.stringMatching(/operation · query Pentests · \w+ · expired · 401/),
      expect.stringContaining('exchange-start · expired'),
      expect.stringContaining('exchange-end · ok'),
      expect.stringMatching(/operation · query Pentests · \w+ · ok · 200 · \d+ ms · retry$/),
    ]);
    expect(service.authCalls).toHaveLength(2);
    // Every line whole at 1280 px: wrapped where long, never cut at the panel's edge.
    const clipped = await page.$$eval('[aria-label="Auth events"] summary', (lines) =>
      lines.filter((line) => line.scrollWidth > line.clientWidth).map((line) => line.textContent),
    );
    expect(clipped).toEqual([]);
    const retried = page.getByRole('list', { name: 'Auth events' }).getByRole('listitem').last();
    expect(await retried.locator('summary').evaluate((line) => line.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true);
    // Its details: the whole event, as JSON, with no token in it.
    await retried.locator('summary').click();
    const details = retried.locator('pre');
    const shown = JSON.parse(await details.innerText()) as Record<string, unknown>;
    expect(shown).toMatchObject({ type: 'operation', operationName: 'Pentests', outcome: 'ok', status: 200, retry: true });
    expect(await details.evaluate((pre) => pre.scrollWidth <= pre.clientWidth)).toBe(true);
    for (const token of service.issuedTokens) expect(await panel.innerText()).not.toContain(token);
    await page.screenshot({ path: SCREENSHOT });
    await retried.locator('summary').click();
    await details.waitFor({ state: 'detached' });

    await panel.getByRole('button', { name: 'Renew now' }).click();
    await untilLines(page, 9);
    expect((await logLines(page)).slice(7)).toEqual([expect.stringContaining('exchange-start · forced'), expect.stringContaining('exchange-end · ok')]);
    expect(service.authCalls).toHaveLength(3);
    // The one error the page may show: Chromium's own line for the expired attempt's 401.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
    await page.close();
    await close();
  });

  it('the open panel is docked across the window: its edge resizes it by pointer and by keyboard, it moves to the other edge, and it keeps both across a reload', async () => {
    const { baseUrl, close } = await startMockService({ apiKeys: ['browser-key'] });
    const page = await chromium.context.newPage();
    await page.goto(`${appUrl}?service=${encodeURIComponent(baseUrl)}`);
    const open = () => page.getByRole('button', { name: 'Open auth devtools' }).click({ timeout: 30_000 });
    await open();
    const root = page.locator('.gjad-root');
    const box = async () => {
      const { x, y, width, height } = (await root.boundingBox()) ?? { x: NaN, y: NaN, width: NaN, height: NaN };
      return { x, y, width, height };
    };
    const edge = page.getByRole('separator', { name: 'Resize auth devtools' });
    /** Its height at first, across the window's 1280 × 800. */
    const first = 360;
    expect(await box()).toEqual({ x: 0, y: 800 - first, width: 1280, height: first });

    // Keyboard: focused, an arrow moves the edge where it points (up grows a panel at the bottom).
    await edge.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Shift+ArrowDown');
    expect((await box()).height).toBe(first + 16 + 16 - 64);
    expect(await edge.getAttribute('aria-valuenow')).toBe(String(first - 32));
    await page.keyboard.press('End');
    expect((await box()).height).toBe(800 - 48);
    await page.keyboard.press('Home');
    expect((await box()).height).toBe(120);

    // Pointer: dragging the edge 240 px up from the smallest height.
    const handle = await edge.boundingBox();
    if (handle === null) throw new Error('no resize handle');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 - 100, { steps: 5 });
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 - 240, { steps: 5 });
    await page.mouse.up();
    expect(await box()).toEqual({ x: 0, y: 800 - first, width: 1280, height: first });

    // Moved to the top: the page's bottom is free, and the edge is now the panel's lower one.
    await page.getByRole('button', { name: 'Move to top' }).click();
    expect(await box()).toEqual({ x: 0, y: 0, width: 1280, height: first });
    await edge.focus();
    await page.keyboard.press('ArrowDown');
    expect((await box()).height).toBe(first + 16);

    // Kept across a reload; closed, only the button is left in its corner.
    await page.reload();
    await open();
    expect(await box()).toEqual({ x: 0, y: 0, width: 1280, height: first + 16 });
    await page.getByRole('button', { name: 'Close auth devtools' }).click();
    const button = await page.getByRole('button', { name: 'Open auth devtools' }).boundingBox();
    expect(button !== null && button.x > 1000 && button.y > 700 && button.height < 60).toBe(true);
    expect(errors).toEqual([]);
    await page.evaluate(() => {
      localStorage.clear();
    });
    await page.close();
    await close();
  });
});

describe('the same app, built by Vite for production', () => {
  /** The minified JavaScript of a production build of one entry of the app. */
  async function productionBuild(entry: string): Promise<string> {
    const output = await build({
      ...appConfig(),
      mode: 'production',
      build: { write: false, modulePreload: false, rolldownOptions: { input: join(APP, entry) } },
    });
    const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
    return outputs
      .flatMap((o) => o.output)
      .flatMap((chunk) => (chunk.type === 'chunk' ? [chunk.code] : []))
      .join('');
  }

  it('carries none of the devtools: no string of the panel, and within 300 bytes of the app without <AuthDevtools />', async () => {
    const withDevtools = await productionBuild('main.tsx');
    const without = await productionBuild('bare.tsx');
    for (const marker of PANEL_MARKERS) expect(withDevtools).not.toContain(marker);
    expect(Math.abs(Buffer.byteLength(withDevtools) - Buffer.byteLength(without))).toBeLessThanOrEqual(300);
  });
});
