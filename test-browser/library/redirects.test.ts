import { describe, expect, it } from 'vitest';
import { startRedirectTrap } from '../../test/support/redirect-trap.ts';
import { startMockService } from '../../test/support/serve.ts';
import { chromiumHarnessForFile } from './harness-setup.ts';

const API_KEY = 'browser-key';

const tabs = chromiumHarnessForFile();

/**
 * A browser hides where a redirect points and its status (an opaque redirect, status 0), so there
 * the refusal must be read from the response's type: the key and the token still go nowhere else.
 */
describe('a redirect in Chromium (CORS allowed everywhere, so the browser would follow it)', () => {
  it.each([
    { path: '/v1/auth', credential: 'the key' },
    { path: '/v1/graphql', credential: 'the token' },
  ] as const)('$path answering 307: UnexpectedRedirectError naming the URL asked, and $credential reaches no other origin', async ({ path }) => {
    const started = await startMockService({ apiKeys: [API_KEY] });
    const trap = await startRedirectTrap();
    const redirected = `${trap.redirectingUrl}${path}`;
    const regions = {
      local: {
        authUrl: `${started.baseUrl}/v1/auth`,
        graphqlUrl: `${started.baseUrl}/v1/graphql`,
        [path === '/v1/auth' ? 'authUrl' : 'graphqlUrl']: redirected,
      },
    };
    const [page] = await tabs.open(1, { apiKey: API_KEY, region: 'local', regions });

    const result = await page!.evaluate(() => window.harness.query());

    expect(trap.received).toEqual([]);
    expect(result).toEqual({
      // The harness is a Vite dev server: a development build, so the message is the full one.
      error: `UnexpectedRedirectError: ${redirected} answered with a redirect, which is not followed: credentials go only to the URL configured`,
    });
    expect(started.service.authCalls).toHaveLength(path === '/v1/auth' ? 0 : 1);
    await page!.close();
    await started.close();
  });
});
