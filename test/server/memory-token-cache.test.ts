// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type CachedToken, memoryTokenCache } from '../../src/server/index.js';

const entry = (token: string): CachedToken => ({ token, expiresAt: 3_600_000, obtainedAt: 0, region: 'test' });

/** The in-memory cache on a clock the test moves. */
function cacheAt(start: number) {
  let clock = start;
  return { cache: memoryTokenCache(() => clock), setClock: (ms: number) => void (clock = ms) };
}

describe('memoryTokenCache: the TokenCache contract, as a shared store keeps it', () => {
  it('an entry lives exactly ttlMs: read until then, gone at that instant', async () => {
    const { cache, setClock } = cacheAt(1_000);
    await cache.write('id', entry('a'), 500);

    setClock(1_499);
    expect(await cache.read('id')).toEqual(entry('a'));
    setClock(1_500);
    expect(await cache.read('id')).toBeNull();
  });

  it('a hold-off lives exactly ttlMs, per identity, and reads back as stored', async () => {
    const { cache, setClock } = cacheAt(1_000);
    const holdOff = { until: 2_000, failures: 2, status: 503 };
    await cache.holdOff?.('id', holdOff, 500);

    setClock(1_499);
    expect(await cache.readHoldOff?.('id')).toEqual(holdOff);
    expect(await cache.readHoldOff?.('another id')).toBeNull();
    setClock(1_500);
    expect(await cache.readHoldOff?.('id')).toBeNull();
  });

  it('compareAndSet replaces the entry that still holds the expected token, and says so', async () => {
    const { cache } = cacheAt(0);
    await cache.write('id', entry('a'), 1_000);

    expect(await cache.compareAndSet('id', 'a', entry('b'), 1_000)).toBe(true);
    expect(await cache.read('id')).toEqual(entry('b'));
  });

  it('compareAndSet leaves an entry holding another token, and a missing one, as they are: false', async () => {
    const { cache } = cacheAt(0);
    await cache.write('id', entry('a'), 1_000);

    expect(await cache.compareAndSet('id', 'stale', entry('b'), 1_000)).toBe(false);
    expect(await cache.compareAndSet('nobody', 'a', entry('b'), 1_000)).toBe(false);
    expect(await cache.read('id')).toEqual(entry('a'));
    expect(await cache.read('nobody')).toBeNull();
  });

  it('releaseLease by its owner frees it at once for another owner', async () => {
    const { cache } = cacheAt(0);
    expect(await cache.takeLease('id', 'first', 10_000)).toBe(true);

    await cache.releaseLease('id', 'first');

    expect(await cache.takeLease('id', 'second', 10_000)).toBe(true);
  });

  it('releaseLease by anyone but the owner leaves the lease held', async () => {
    const { cache } = cacheAt(0);
    expect(await cache.takeLease('id', 'first', 10_000)).toBe(true);

    await cache.releaseLease('id', 'second');

    expect(await cache.takeLease('id', 'second', 10_000)).toBe(false);
  });

  it('a lease that ran out can be taken by another owner, and its old owner no longer frees it', async () => {
    const { cache, setClock } = cacheAt(0);
    expect(await cache.takeLease('id', 'first', 1_000)).toBe(true);
    setClock(1_000);
    expect(await cache.takeLease('id', 'second', 1_000)).toBe(true);

    await cache.releaseLease('id', 'first');

    expect(await cache.takeLease('id', 'third', 1_000)).toBe(false);
  });
});
