import { memoryTokenCache, type TokenCache } from '../../src/server/index.js';

/**
 * A shared store the test can empty as an eviction or a Redis restart would: the processes keep the
 * tokens they hold, the store forgets the entry and any lease.
 */
export function evictableCache(): TokenCache & { evict: () => void } {
  let store = memoryTokenCache();
  return {
    read: (identity) => store.read(identity),
    write: (identity, entry, ttlMs) => store.write(identity, entry, ttlMs),
    compareAndSet: (identity, expected, entry, ttlMs) => store.compareAndSet(identity, expected, entry, ttlMs),
    takeLease: (identity, owner, leaseMs) => store.takeLease(identity, owner, leaseMs),
    releaseLease: (identity, owner) => store.releaseLease(identity, owner),
    evict: () => {
      store = memoryTokenCache();
    },
  };
}
