import type { BrowserContext, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium as launch } from '../chromium.ts';
import type { HarnessOptions } from './harness/main.ts';

export interface Browser {
  context: BrowserContext;
  /** Console errors and page errors of every page, as text. */
  errors: string[];
  close: () => Promise<void>;
}

async function launchChromium(): Promise<Browser> {
  const { context, close } = await launch();
  const errors: string[] = [];
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
  });
  return { context, errors, close };
}

/** The harness page, served by Vite on 127.0.0.1 (an origin other than the mock service's). */
async function serveHarness(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: ViteDevServer = await createServer({
    root: new URL('./harness', import.meta.url).pathname,
    configFile: false,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (address === null || address === undefined || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

async function openHarness(browser: Browser, url: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(url);
  await page
    .waitForFunction(() => 'harness' in window, undefined, { timeout: 15_000 })
    .catch((error: unknown) => {
      throw new Error(`The harness did not load: ${browser.errors.join('; ') || 'no error reported'}`, { cause: error });
    });
  return page;
}

export interface Tabs {
  browser: Browser;
  /** The harness pages' origin, http://127.0.0.1:PORT. */
  origin: () => string;
  /** Opens `count` pages of the harness, each with a client made from `options`. */
  open: (count: number, options: HarnessOptions) => Promise<Page[]>;
}

/** One Chromium and one harness server for the test file, closed after it. */
export function chromiumHarnessForFile(): Tabs {
  let harness: Awaited<ReturnType<typeof serveHarness>> | undefined;
  const tabs = {
    browser: undefined as unknown as Browser,
    origin: () => new URL(harness!.url).origin,
    open: async (count: number, options: HarnessOptions) => {
      const pages = await Promise.all(Array.from({ length: count }, () => openHarness(tabs.browser, harness!.url)));
      for (const page of pages) {
        await page.evaluate((o) => {
          window.harness.start(o);
        }, options);
      }
      return pages;
    },
  };
  beforeAll(async () => {
    [tabs.browser, harness] = await Promise.all([launchChromium(), serveHarness()]);
  });
  afterAll(async () => {
    await Promise.all([tabs.browser.close(), harness?.close()]);
  });
  return tabs;
}
