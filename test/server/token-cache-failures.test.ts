// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, type TokenCache } from '../../src/server/index.js';
import { API_KEY, sleep, startService, waitUntil, type Running } from '../support/fixtures.js';
import { hasSession, post, serveHandler } from './serve-handler.js';

const UNAVAILABLE = (reason: string) =>
  `graphql-jwt-auth-react: the token cache is unavailable (${reason}); each process renews its own token until it is back`;

const BACK = 'graphql-jwt-auth-react: the token cache is back; processes share one token again';

/** The answer, or 'still waiting' after 2 s of real time. */
const within2s = <T>(answer: Promise<T>) => Promise.race([answer, sleep(2_000).then(() => 'still waiting' as const)]);

function servedHandler(running: Running, tokenCache: TokenCache) {
  return serveHandler(createTokenHandler({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }));
}

async function tokenOf(answer: Response): Promise<string | undefined> {
  return ((await answer.json()) as { token?: string }).token;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tokenCache: a cache that fails', () => {
  it('a cache that never answers costs callTimeoutMs, not the request: the handler renews on its own and logs the timeout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const silent: TokenCache = { ...memoryTokenCache(), read: () => new Promise(() => undefined), timing: { callTimeoutMs: 20 } };

    const answer = await within2s(post(await servedHandler(running, silent), {}).then(tokenOf));

    expect(answer).toBe(running.service.issuedTokens[0]);
    expect(running.service.authCalls).toHaveLength(1);
    expect(warn.mock.calls).toEqual([[UNAVAILABLE('TokenCacheUnavailable: no answer within 20 ms')]]);
  });

  it('a cache that hangs costs its full callTimeoutMs once: later renewals give it 250 ms until it answers again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const silent: TokenCache = { ...memoryTokenCache(), read: () => new Promise(() => undefined), timing: { callTimeoutMs: 4_000 } };
    const url = await servedHandler(running, silent);
    const first = await tokenOf(await post(url, {}));
    running.service.expireTokensNow();

    const renewed = await within2s(post(url, { expired: first }).then(tokenOf));

    expect(renewed).toBe(running.service.issuedTokens[1]);
    expect(running.service.authCalls).toHaveLength(2);
    expect(warn.mock.calls).toEqual([[UNAVAILABLE('TokenCacheUnavailable: no answer within 4000 ms')]]);
  });

  it('a hung call that answers at last shows the cache is back: one line when it hung, one when it answered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    let answer: (entry: null) => void = () => undefined;
    const late: TokenCache = { ...memoryTokenCache(), read: () => new Promise((resolve) => (answer = resolve)), timing: { callTimeoutMs: 20 } };
    await post(await servedHandler(running, late), {});

    answer(null);

    await waitUntil(() => warn.mock.calls.length === 2);
    expect(warn.mock.calls).toEqual([[UNAVAILABLE('TokenCacheUnavailable: no answer within 20 ms')], [BACK]]);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a cache that rejects with something other than an Error is named a failure in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a custom cache may reject with anything
    const odd: TokenCache = { ...memoryTokenCache(), read: () => Promise.reject('ECONNREFUSED') };

    const answer = await post(await servedHandler(running, odd), {});

    expect(answer.status).toBe(200);
    expect(warn.mock.calls).toEqual([[UNAVAILABLE('failure')]]);
  });

  it('a cache that stays down is logged once with its error’s name and message, however many renewals fail on it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const down: TokenCache = { ...memoryTokenCache(), read: () => Promise.reject(new Error('connection refused')) };
    const url = await servedHandler(running, down);
    const first = await tokenOf(await post(url, {}));
    running.service.expireTokensNow();

    const renewed = await tokenOf(await post(url, { expired: first }));

    expect(running.service.authCalls).toHaveLength(2);
    expect(renewed).toBe(running.service.issuedTokens[1]);
    expect(warn.mock.calls).toEqual([[UNAVAILABLE('Error: connection refused')]]);
  });
});

describe.each([
  ['token handler', createTokenHandler, {}],
  ['GraphQL proxy', createGraphQLProxy, { query: '{ pentests_count }' }],
] as const)('tokenCache with the %s’s logger option', (_name, make, body) => {
  it('the cache’s lines go to the logger, down and back, and none to console.warn', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const lines: string[] = [];
    // A logger of an app's own: a method that uses `this`, as a class instance's would.
    const logger = {
      prefix: 'app',
      warn(message: string) {
        lines.push(`${this.prefix} warn: ${message}`);
      },
      error(message: string) {
        lines.push(`${this.prefix} error: ${message}`);
      },
    };
    let down = true;
    const memory = memoryTokenCache();
    const flaky: TokenCache = { ...memory, read: (...args) => (down ? Promise.reject(new Error('connection refused')) : memory.read(...args)) };
    const url = await serveHandler(
      make({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache: flaky, logger }),
    );

    expect((await post(url, body)).status).toBe(200);
    down = false;
    running.service.expireTokensNow();
    expect((await post(url, make === createTokenHandler ? { expired: running.service.issuedTokens[0] } : body)).status).toBe(200);

    expect(lines).toEqual([
      `app warn: ${UNAVAILABLE('Error: connection refused')}`,
      'app warn: graphql-jwt-auth-react: the token cache is back; processes share one token again',
    ]);
    expect(consoleWarn).not.toHaveBeenCalled();
  });
});
