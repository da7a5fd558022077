import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockService } from '../../mock-service/node/serve.ts';
import { type Browser, launchChromium, openHarness, serveHarness } from './chromium.ts';

const API_KEY = 'browser-key';
const TABS = 5;

let browser: Browser;
let harness: Awaited<ReturnType<typeof serveHarness>>;
beforeAll(async () => {
  [browser, harness] = await Promise.all([launchChromium(), serveHarness()]);
});
afterAll(async () => {
  await Promise.all([browser.close(), harness.close()]);
});

describe('many tabs in Chromium (BroadcastChannel + Web Locks)', () => {
  it(`${String(TABS)} tabs reaching expiry together make exactly one /v1/auth call and all use its token`, async () => {
    // 6 s tokens: every tab's timer renews at expiry − 3 s, all at the same moment.
    const { service, baseUrl, close } = await startMockService({ validKeys: [API_KEY], tokenLifetimeSec: 6 });
    const options = { apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, tabSync: `tabs-${randomUUID()}` };
    const pages = await Promise.all(Array.from({ length: TABS }, () => openHarness(browser, harness.url)));
    for (const page of pages) {
      await page.evaluate((o) => {
        window.harness.start(o);
      }, options);
    }
    const first = await pages[0]!.evaluate(() => window.harness.getToken());
    // The other tabs received it: no call of their own.
    for (const page of pages) await page.waitForFunction((t) => window.harness.token() === t, first);
    expect(service.authCalls).toHaveLength(1);

    // A slow auth server: without the lock, every tab would have asked before the first answer came.
    service.authDelayMs = 600;
    // Wait through the renewal moment, then every tab queries.
    await pages[0]!.waitForFunction((t) => window.harness.token() !== t, first, { timeout: 10_000 });
    const results = await Promise.all(pages.map((page) => page.evaluate(() => window.harness.query())));

    expect(results.every((result) => 'items' in result)).toBe(true);
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls.map((call) => call.token)).toEqual(Array(TABS).fill(service.issuedTokens[1]));
    expect(browser.errors).toEqual([]);
    await Promise.all(pages.map((page) => page.close()));
    await close();
  });

  it('signing out in one tab signs out every tab', async () => {
    const { service, baseUrl, close } = await startMockService({ validKeys: [API_KEY] });
    const options = { apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, tabSync: `tabs-${randomUUID()}` };
    const pages = await Promise.all(Array.from({ length: 3 }, () => openHarness(browser, harness.url)));
    for (const page of pages) {
      await page.evaluate((o) => {
        window.harness.start(o);
      }, options);
    }
    const token = await pages[0]!.evaluate(() => window.harness.getToken());
    for (const page of pages) await page.waitForFunction((t) => window.harness.token() === t, token);

    await pages[1]!.evaluate(() => {
      window.harness.signOut();
    });
    for (const page of pages) await page.waitForFunction(() => window.harness.token() === null);
    const results = await Promise.all(pages.map((page) => page.evaluate(() => window.harness.query())));

    expect(results).toEqual(Array(3).fill({ error: 'SignedOutError: Signed out: call refresh() to authenticate again' }));
    expect(service.authCalls).toHaveLength(1);
    expect(service.graphqlCalls).toHaveLength(0);
    await Promise.all(pages.map((page) => page.close()));
    await close();
  });
});
