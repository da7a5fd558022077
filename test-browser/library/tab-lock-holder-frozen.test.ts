import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startMockService } from '../../test/support/serve.ts';
import { chromiumHarnessForFile } from './harness-setup.ts';

const API_KEY = 'browser-key';
/** The waiting page's authTimeoutMs: it waits for the lock about this long plus a grace. */
const RENEWAL_MS = 1_000;

const tabs = chromiumHarnessForFile();

/**
 * What a frozen page polls (synchronously, so its main thread stays blocked) until the test thaws it;
 * `frozen` settles at the first poll: the page is then stuck inside its renewal, holding the lock.
 */
async function startFreezeControl() {
  let stuck: () => void = () => undefined;
  const frozen = new Promise<void>((resolve) => (stuck = resolve));
  let thawed = false;
  const server = createServer((_, response) => {
    stuck();
    response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
    response.end(thawed ? 'thawed' : 'frozen');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/freeze`,
    frozen,
    thaw: () => {
      thawed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe('a page that stops running while it holds the renewal lock (Chromium)', () => {
  it("another page's query gets data while it is still stuck; after it resumes, one /v1/auth call per page that asked and one token", async () => {
    const { service, baseUrl, close } = await startMockService({ apiKeys: [API_KEY] });
    const control = await startFreezeControl();
    const options = { apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, tabSync: `tabs-${randomUUID()}` };
    const [stuck] = await tabs.open(1, options);
    const [waiting] = await tabs.open(1, { ...options, authTimeoutMs: RENEWAL_MS });
    const first = await stuck!.evaluate(() => window.harness.getToken());
    expect(await waiting!.evaluate(() => window.harness.getToken())).toBe(first);

    // Takes the lock; its /v1/auth call blocks the page. Settles once the page runs again and its renewal ends.
    const stuckRenewal = stuck!.evaluate((url) => {
      window.harness.freezeAtNextAuth(url);
      return window.harness.refresh();
    }, control.url);
    await control.frozen;
    service.expireToken(first);
    const result = await waiting!.evaluate(() => window.harness.query());
    const callsWhileStuck = service.authCalls.length;
    control.thaw();

    expect('pentests' in result && result.pentests).toHaveLength(2);
    expect(callsWhileStuck).toBe(2);
    const renewed = service.issuedTokens[1];
    // Its own call, asked for before the other page's, brings the older token: both pages keep the newer.
    expect(await stuckRenewal).toBe(renewed);
    // Thawed by the test, after the other page had its data: it was stuck all that while.
    expect(await stuck!.evaluate(() => window.harness.freezeEnded())).toBe('thawed');
    const stuckResult = await stuck!.evaluate(() => window.harness.query());
    expect('pentests' in stuckResult).toBe(true);
    expect(await Promise.all([stuck, waiting].map((page) => page!.evaluate(() => window.harness.token())))).toEqual([renewed, renewed]);
    expect(service.authCalls).toHaveLength(3);
    expect(service.graphqlCalls.map((call) => call.token)).toEqual([first, renewed, renewed]);
    // The one 401 is the expired token's answer, which the waiting page met before it renewed.
    expect(tabs.browser.errors).toEqual([expect.stringMatching(/status of 401/)]);
    tabs.browser.errors.length = 0;
    await Promise.all([stuck, waiting].map((page) => page!.close()));
    await Promise.all([close(), control.close()]);
  });
});
