// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryTokenCache, type TokenCache } from '../../src/server/index.js';
import { sleep, startService, waitUntil } from '../support/fixtures.js';
import { askToken, recordingCache, servedTokenHandler } from './cache-fixtures.js';

/** The mock service's tokens live an hour between iat and exp; the client counts a second less for iat's rounding. */
const COUNTED_LIFETIME_MS = 60 * 60_000 - 1_000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A cache in another process: every call answers after 20 ms, well within the default call timeout. */
function remoteCache(): TokenCache {
  const local = memoryTokenCache();
  const later =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await sleep(20);
      return call(...args);
    };
  return {
    read: later(local.read),
    write: later(local.write),
    compareAndSet: later(local.compareAndSet),
    takeLease: later(local.takeLease),
    releaseLease: later(local.releaseLease),
  };
}

describe('tokenCache: what the cache is asked', () => {
  it('a new token is stored for exactly the time it has left to live', async () => {
    const running = await startService();
    const clock = Date.now();
    const recorded = recordingCache(() => clock);

    const { token } = await askToken(await servedTokenHandler(running, recorded.cache, { now: () => clock }));

    expect(recorded.callsOf('write')).toEqual([
      [recorded.identity(), { token, region: 'test', obtainedAt: clock, expiresAt: clock + COUNTED_LIFETIME_MS }, COUNTED_LIFETIME_MS],
    ]);
  });

  it('a token whose life ran out while it was obtained is answered but not stored: a store such as Redis refuses a TTL of 0', async () => {
    const running = await startService();
    const requestedAt = Date.now();
    let clock = requestedAt;
    const recorded = recordingCache(() => clock);
    const url = await servedTokenHandler(running, recorded.cache, { now: () => clock });
    const release = running.service.pauseAuth();
    const asked = askToken(url);
    await waitUntil(() => running.service.authCalls.length === 1);
    clock = requestedAt + COUNTED_LIFETIME_MS; // 0 ms left when the answer arrives

    release();

    expect(await asked).toEqual({ status: 200, token: running.service.issuedTokens[0] });
    expect(recorded.calls.filter((call) => call.op === 'write' || call.op === 'compareAndSet')).toEqual([]);
  });

  it('the renewal lease is released once the token is shared: the next renewal can take it at once', async () => {
    const running = await startService();
    const recorded = recordingCache(Date.now);

    await askToken(await servedTokenHandler(running, recorded.cache));

    const [[identity, owner] = []] = recorded.callsOf('takeLease');
    expect(recorded.callsOf('releaseLease')).toEqual([[identity, owner]]);
    expect(await recorded.store.takeLease(recorded.identity(), 'the next renewal', 1_000)).toBe(true);
  });

  it('a renewal whose cache entry lived out while /v1/auth answered stores the new token: the next process asks no /v1/auth', async () => {
    const running = await startService();
    const startedAt = Date.now();
    let clock = startedAt;
    const recorded = recordingCache(() => clock);
    const renewing = await servedTokenHandler(running, recorded.cache, { now: () => clock });
    const { token: first } = await askToken(renewing);
    clock = startedAt + COUNTED_LIFETIME_MS - 30_000; // due (the margin is a minute), still valid
    const release = running.service.pauseAuth();
    const renewed = askToken(renewing);
    await waitUntil(() => running.service.authCalls.length === 2);
    clock = startedAt + COUNTED_LIFETIME_MS; // the shared entry's time is up while the answer is on its way

    release();
    const { token: second } = await renewed;
    const next = await askToken(await servedTokenHandler(running, recorded.cache, { now: () => clock }));

    expect(second).not.toBe(first);
    expect(next).toEqual({ status: 200, token: second });
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('a cache that fails to store the new token costs no second /v1/auth: the token is answered, the failure logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const recorded = recordingCache(Date.now, ['write']);

    const answer = await askToken(await servedTokenHandler(running, recorded.cache));

    expect(answer).toEqual({ status: 200, token: running.service.issuedTokens[0] });
    expect(running.service.authCalls).toHaveLength(1);
    // The lease is released after the failed write: the cache answers again.
    expect(warn.mock.calls).toEqual([
      ['graphql-jwt-auth-react: the token cache is unavailable (Error: connection refused); each process renews its own token until it is back'],
      ['graphql-jwt-auth-react: the token cache is back; processes share one token again'],
    ]);
  });

  it('a failed /v1/auth is not asked again behind the cache: one call, and the handler answers 503', async () => {
    const running = await startService();
    running.service.failNextAuthCalls(1, 503);
    const recorded = recordingCache(Date.now);

    const answer = await askToken(await servedTokenHandler(running, recorded.cache));

    expect(answer).toEqual({ status: 503 });
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a cache 20 ms away is within the default call timeout: two cold processes share one token, nothing logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const running = await startService();
    const cache = remoteCache();
    const urls = [await servedTokenHandler(running, cache), await servedTokenHandler(running, cache)];

    const answers = await Promise.all(urls.map((url) => askToken(url)));

    expect(answers).toEqual(Array(2).fill({ status: 200, token: running.service.issuedTokens[0] }));
    expect(running.service.authCalls).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });
});
