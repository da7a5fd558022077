// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CachedToken } from '../../src/server/index.js';
import { startService } from '../support/fixtures.js';
import { askToken, recordingCache, servedTokenHandler } from './cache-fixtures.js';

const DEFAULT_MARGIN_MS = 60_000;

/** The first process's token, shared in a cache on the test's clock, and a way to start more processes on it. */
async function sharedFirstToken(refreshMarginMs = DEFAULT_MARGIN_MS) {
  const running = await startService();
  let clock = Date.now();
  const now = () => clock;
  const recorded = recordingCache(now);
  const process = () => servedTokenHandler(running, recorded.cache, { now, refreshMarginMs });
  const first = await askToken(await process());
  const [written] = recorded.callsOf('write');
  const entry = written?.[1] as CachedToken;
  return { running, recorded, process, first, entry, setClock: (ms: number) => void (clock = ms) };
}

describe('tokenCache: when a process takes the shared token', () => {
  it('at exactly expiry − margin the shared token is due: a process that needs one renews, and answers the new token', async () => {
    const { running, process, first, entry, setClock } = await sharedFirstToken();
    setClock(entry.expiresAt - Math.min(DEFAULT_MARGIN_MS, (entry.expiresAt - entry.obtainedAt) / 2));

    const second = await askToken(await process());

    expect(first.token).toBe(entry.token);
    expect(running.service.authCalls).toHaveLength(2);
    expect(second).toEqual({ status: 200, token: running.service.issuedTokens[1] });
  });

  it('a margin above half the lifetime is cut to half: at a third of its life the shared token is taken, no /v1/auth', async () => {
    const fiftyMinutesMs = 50 * 60_000;
    const { running, process, entry, setClock } = await sharedFirstToken(fiftyMinutesMs);
    setClock(entry.obtainedAt + (entry.expiresAt - entry.obtainedAt) / 3);

    const second = await askToken(await process());

    expect(running.service.authCalls).toHaveLength(1);
    expect(second).toEqual({ status: 200, token: entry.token });
  });

  it('a fresh shared token is taken even while another process holds the renewal lease: no waiting, no /v1/auth', async () => {
    const { running, recorded, process, entry } = await sharedFirstToken();
    recorded.cache.timing = { waitTimeoutMs: 0 };
    expect(await recorded.store.takeLease(recorded.identity(), 'another process', 60_000)).toBe(true);

    const second = await askToken(await process());

    expect(running.service.authCalls).toHaveLength(1);
    expect(second).toEqual({ status: 200, token: entry.token });
  });
});
