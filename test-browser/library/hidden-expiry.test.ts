import { describe, expect, it } from 'vitest';
import { startMockService } from '../../test/support/serve.ts';
import { chromiumHarnessForFile } from './harness-setup.ts';

const API_KEY = 'browser-key';
const MINUTE = 60_000;

const tabs = chromiumHarnessForFile();

/**
 * A page holding a token, and a gateway whose expiry answer carries no CORS headers: the page
 * sees a network error, not the body.
 */
async function pageBehindCorsLessGateway() {
  const started = await startMockService({ apiKeys: [API_KEY], tokenLifetimeSec: 7_200 });
  started.service.corsOnExpired = false;
  const [page] = await tabs.open(1, { apiKey: API_KEY, region: 'local', regions: { local: started.baseUrl } });
  const token = await page!.evaluate(() => window.harness.getToken());
  return { ...started, page: page!, token };
}

describe('CORS-less 401 in Chromium', () => {
  it('a token older than the hour, answered "expired" without CORS headers: one re-auth, one retry, data', async () => {
    const { service, close, page, token: first } = await pageBehindCorsLessGateway();

    service.expireTokensNow(); // the gateway keeps to the hour, whatever the token's exp says
    await page.evaluate((ms) => {
      window.harness.setClockOffset(ms);
    }, 61 * MINUTE);
    const result = await page.evaluate(() => window.harness.query());

    expect('pentests' in result && result.pentests).toHaveLength(2);
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls.map((call) => [call.token === first, call.expired, call.status])).toEqual([
      [true, true, 401],
      [false, false, 200],
    ]);
    // The browser hid the 401's body: that is the case under test, not an accident of the set-up.
    expect(tabs.browser.errors.some((error) => /blocked by CORS policy/.test(error))).toBe(true);
    tabs.browser.errors.length = 0;
    await page.close();
    await close();
  });

  it('a young token meeting the same hidden answer surfaces the network error: no re-auth loop', async () => {
    const { service, close, page } = await pageBehindCorsLessGateway();

    service.expireTokensNow();
    const result = await page.evaluate(() => window.harness.query());

    expect(result).toEqual({ error: 'TypeError: Failed to fetch' });
    expect(service.authCalls).toHaveLength(1);
    expect(service.graphqlCalls).toHaveLength(1);
    tabs.browser.errors.length = 0;
    await page.close();
    await close();
  });
});
