import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockService, type StartedMockService } from '../../mock-service/node/serve.ts';
import { type Browser, launchChromium, openHarness, serveHarness } from './chromium.ts';

const API_KEY = 'browser-key';
const MINUTE = 60_000;

let browser: Browser;
let harness: Awaited<ReturnType<typeof serveHarness>>;
beforeAll(async () => {
  [browser, harness] = await Promise.all([launchChromium(), serveHarness()]);
});
afterAll(async () => {
  await Promise.all([browser.close(), harness.close()]);
});

/** A gateway whose expiry answer carries no CORS headers: the page sees a network error, not the body. */
async function corsLessGateway(): Promise<StartedMockService> {
  const started = await startMockService({ validKeys: [API_KEY], tokenLifetimeSec: 7_200 });
  started.service.corsOnExpired = false;
  return started;
}

describe('CORS-less 401 in Chromium', () => {
  it('a token older than the hour, answered "expired" without CORS headers: one re-auth, one retry, data', async () => {
    const { service, baseUrl, close } = await corsLessGateway();
    const page = await openHarness(browser, harness.url);
    await page.evaluate((options) => {
      window.harness.start(options);
    }, { apiKey: API_KEY, region: 'local', regions: { local: baseUrl } });
    const first = await page.evaluate(() => window.harness.getToken());

    service.expireAllTokensNow(); // the gateway keeps to the hour, whatever the token's exp says
    await page.evaluate((ms) => {
      window.harness.setClockOffset(ms);
    }, 61 * MINUTE);
    const result = await page.evaluate(() => window.harness.query());

    expect('items' in result && result.items).toHaveLength(2);
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls.map((call) => [call.token === first, call.expired, call.status])).toEqual([
      [true, true, 401],
      [false, false, 200],
    ]);
    // The browser hid the 401's body: that is the case under test, not an accident of the set-up.
    expect(browser.errors.some((error) => /blocked by CORS policy/.test(error))).toBe(true);
    browser.errors.length = 0;
    await page.close();
    await close();
  });

  it('a young token meeting the same hidden answer surfaces the network error: no re-auth loop', async () => {
    const { service, baseUrl, close } = await corsLessGateway();
    const page = await openHarness(browser, harness.url);
    await page.evaluate((options) => {
      window.harness.start(options);
    }, { apiKey: API_KEY, region: 'local', regions: { local: baseUrl } });
    await page.evaluate(() => window.harness.getToken());

    service.expireAllTokensNow();
    const result = await page.evaluate(() => window.harness.query());

    expect(result).toEqual({ error: 'TypeError: Failed to fetch' });
    expect(service.authCalls).toHaveLength(1);
    expect(service.graphqlCalls).toHaveLength(1);
    browser.errors.length = 0;
    await page.close();
    await close();
  });
});
