// A Chromium tab of a throwaway app that keeps what a test judges afterwards: every request it sent,
// and its errors (page errors, console errors, answers of 400 or more the test did not expect).
import type { BrowserContext, Page, Response } from 'playwright-core';

export interface WatchedPage {
  page: Page;
  errors: string[];
  requests: Array<{ url: string; headers: Record<string, string>; body: string }>;
}

/** `expected` names the answers of 400 or more that are part of the test; Chromium's favicon request always is. */
export async function openWatchedPage(context: BrowserContext, url: string, expected: (response: Response) => boolean = () => false): Promise<WatchedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: WatchedPage['requests'] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Chromium logs every answer of 400 or more as "Failed to load resource"; those are judged below, by URL.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico' && !expected(response))
      errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => requests.push({ url: request.url(), headers: request.headers(), body: request.postData() ?? '' }));
  await page.goto(url);
  return { page, errors, requests };
}
