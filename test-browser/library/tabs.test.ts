import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startMockService } from '../../test/support/serve.ts';
import { chromiumHarnessForFile } from './harness-setup.ts';

const API_KEY = 'browser-key';
const TABS = 5;

const tabs = chromiumHarnessForFile();

/** `count` tabs of one app, on one channel, each holding the first tab's token. */
async function tabsHoldingOneToken(baseUrl: string, count: number) {
  const tabSync = `tabs-${randomUUID()}`;
  const pages = await tabs.open(count, { apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, tabSync });
  const token = await pages[0]!.evaluate(() => window.harness.getToken());
  const tokens = await Promise.all(pages.map((page) => page.evaluate(() => window.harness.getToken())));
  expect(tokens).toEqual(Array(count).fill(token));
  return { pages, token };
}

describe('many tabs in Chromium (BroadcastChannel + Web Locks)', () => {
  it(`${String(TABS)} tabs reaching expiry together make exactly one /v1/auth call and all use its token`, async () => {
    // 6 s tokens: every tab's timer renews at expiry − 3 s, all at the same moment.
    const { service, baseUrl, close } = await startMockService({ apiKeys: [API_KEY], tokenLifetimeSec: 6 });
    const { pages, token: first } = await tabsHoldingOneToken(baseUrl, TABS);
    // The other tabs received it: no call of their own.
    expect(service.authCalls).toHaveLength(1);

    // A slow auth server: without the lock, every tab would have asked before the first answer came.
    service.authDelayMs = 600;
    // Wait through the renewal moment, then every tab queries.
    await pages[0]!.waitForFunction((t) => window.harness.token() !== t, first, { timeout: 10_000 });
    const results = await Promise.all(pages.map((page) => page.evaluate(() => window.harness.query())));

    expect(results.every((result) => 'pentests' in result)).toBe(true);
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls.map((call) => call.token)).toEqual(Array(TABS).fill(service.issuedTokens[1]));
    expect(tabs.browser.errors).toEqual([]);
    await Promise.all(pages.map((page) => page.close()));
    await close();
  });

  it('signing out in one tab signs out every tab', async () => {
    const { service, baseUrl, close } = await startMockService({ apiKeys: [API_KEY] });
    const { pages } = await tabsHoldingOneToken(baseUrl, 3);

    await pages[1]!.evaluate(() => {
      window.harness.signOut();
    });
    for (const page of pages) await page.waitForFunction(() => window.harness.token() === null);
    const results = await Promise.all(pages.map((page) => page.evaluate(() => window.harness.query())));

    // The harness is a production build: the error says its code (docs/config-errors.md).
    // The harness is a Vite dev server: a development build, so the message is the full one.
    expect(results).toEqual(Array(3).fill({ error: 'SignedOutError: Signed out: call refresh() to authenticate again' }));
    expect(service.authCalls).toHaveLength(1);
    expect(service.graphqlCalls).toHaveLength(0);
    await Promise.all(pages.map((page) => page.close()));
    await close();
  });
});
