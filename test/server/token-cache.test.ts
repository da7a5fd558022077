// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphQLProxy, createTokenHandler, memoryTokenCache, type TokenCache } from '../../src/server/index.js';
import { AuthConfigError } from '../../src/index.js';
import { API_KEY, startService, type Running } from '../support/fixtures.js';
import { hasSession, post, serveHandler } from './serve-handler.js';

const ITEMS = { query: '{ pentests_count }' };

function handlerOptions(running: Running, tokenCache: TokenCache) {
  return { apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache };
}

/** A cache whose store is gone: every call fails, as a Redis that went away would. */
function brokenCache(): TokenCache & { calls: number } {
  const cache = {
    calls: 0,
    fail: () => {
      cache.calls += 1;
      return Promise.reject(new Error('connection refused'));
    },
    read: () => cache.fail(),
    write: () => cache.fail(),
    compareAndSet: () => cache.fail(),
    takeLease: () => cache.fail(),
    releaseLease: () => cache.fail(),
  };
  return cache;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tokenCache: handlers that share a cache share one token', () => {
  it('a token handler and a proxy on one cache: 20 concurrent cold calls cost 1 upstream /v1/auth', async () => {
    const running = await startService();
    const cache = memoryTokenCache();
    const tokenUrl = await serveHandler(createTokenHandler(handlerOptions(running, cache)));
    const proxyUrl = await serveHandler(createGraphQLProxy(handlerOptions(running, cache)));

    const answers = await Promise.all(Array.from({ length: 10 }, () => [post(tokenUrl, {}), post(proxyUrl, ITEMS)]).flat());

    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(running.service.authCalls).toHaveLength(1);
    expect(new Set(running.service.graphqlCalls.map((call) => call.token))).toEqual(new Set(running.service.issuedTokens));
  });

  it('an expired token reported to both handlers is renewed once: compare-and-set on the shared entry', async () => {
    const running = await startService();
    const cache = memoryTokenCache();
    const first = createTokenHandler(handlerOptions(running, cache));
    const second = createTokenHandler(handlerOptions(running, cache));
    const urls = [await serveHandler(first), await serveHandler(second)];
    const { token } = (await (await post(urls[0] ?? '', {})).json()) as { token: string };
    await post(urls[1] ?? '', {});
    running.service.expireTokensNow();

    const renewed = await Promise.all(urls.flatMap((url) => Array.from({ length: 10 }, () => post(url, { expired: token }))));
    const tokens = await Promise.all(renewed.map(async (answer) => ((await answer.json()) as { token: string }).token));

    expect(running.service.authCalls).toHaveLength(2);
    expect(new Set(tokens)).toEqual(new Set([running.service.issuedTokens[1]]));
  });

  it('a cache that fails costs no request: each handler renews on its own, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const cache = brokenCache();
    const urls = [
      await serveHandler(createTokenHandler(handlerOptions(running, cache))),
      await serveHandler(createGraphQLProxy(handlerOptions(running, cache))),
    ];

    const answers = await Promise.all(Array.from({ length: 10 }, () => [post(urls[0] ?? '', {}), post(urls[1] ?? '', ITEMS)]).flat());

    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(running.service.authCalls).toHaveLength(2);
    expect(cache.calls).toBe(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/token cache is unavailable/);
  });

  it('a garbled entry is never sent as a Bearer token: it counts as none, and the handler renews', async () => {
    const running = await startService();
    const now = Date.now();
    const hourLater = now + 60 * 60_000;
    // A usable token whose times make no sense: were they believed, the entry would look fresh.
    const badTimes = (times: { expiresAt: unknown; obtainedAt: unknown }) => ({ token: 'foreign-token', region: 'test', ...times });
    const garbled = [
      { token: 'not a token\r\nx-evil: 1', expiresAt: now + 60_000, obtainedAt: now, region: 'test' },
      'garbage',
      { token: 'null', expiresAt: 'soon' },
      badTimes({ expiresAt: Infinity, obtainedAt: now }),
      badTimes({ expiresAt: hourLater, obtainedAt: String(now) }),
      badTimes({ expiresAt: hourLater, obtainedAt: hourLater }),
      badTimes({ expiresAt: hourLater, obtainedAt: hourLater + 60 * 60_000 }),
    ];
    for (const entry of garbled) {
      const cache: TokenCache = { ...memoryTokenCache(), read: () => Promise.resolve(entry as never) };
      const url = await serveHandler(createGraphQLProxy(handlerOptions(running, cache)));
      expect((await post(url, ITEMS)).status).toBe(200);
    }

    expect(running.service.authCalls).toHaveLength(garbled.length);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual(running.service.issuedTokens);
  });

  it('a cache whose read answers undefined for a missing entry (as a Map does) counts it as none: the new token is shared, nothing logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const store = memoryTokenCache();
    let written = 0;
    const cache: TokenCache = {
      ...store,
      read: () => Promise.resolve(undefined as never),
      write: (...args) => {
        written += 1;
        return store.write(...args);
      },
    };

    const answer = await post(await serveHandler(createGraphQLProxy(handlerOptions(running, cache))), ITEMS);

    expect(answer.status).toBe(200);
    expect(written).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('an entry written under a region name this process does not configure (same key and URLs) does not break it: the proxy answers 200', async () => {
    // The identity tags the key and the URLs, not the region names: a deployment that renamed its
    // region (us → us-east, same URLs) reads the entries the old processes still write.
    const running = await startService();
    const cache = memoryTokenCache();
    const renamed = { ...handlerOptions(running, cache), region: 'primary', regions: { primary: running.baseUrl } };
    expect((await post(await serveHandler(createTokenHandler(renamed)), {})).status).toBe(200);
    const proxyUrl = await serveHandler(createGraphQLProxy(handlerOptions(running, cache)));

    const answer = await post(proxyUrl, ITEMS);

    expect(answer.status).toBe(200);
  });

  it('a region named "" is refused at start-up with an AuthConfigError (it would read back as no region)', async () => {
    const running = await startService();
    const options = { ...handlerOptions(running, memoryTokenCache()), region: '', regions: { '': running.baseUrl } };

    expect(() => createTokenHandler(options)).toThrow(new AuthConfigError('region names must be non-empty', 'GJA_REGION_NAME'));
    expect(running.service.authCalls).toHaveLength(0);
  });
});
