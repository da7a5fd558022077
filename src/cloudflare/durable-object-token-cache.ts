import type { TokenCache } from '../core/sources/token-cache.js';
import { type SealedTokenCacheOptions, sealedTokenCache } from '../shared-cache/sealed-token-cache.js';
import type { StringStore } from '../shared-cache/string-store.js';
import type { CacheStep } from './token-cache-object.js';

/** The parts of a Workers DurableObjectNamespace binding used here, so this entry needs no Workers types. */
export interface DurableObjectNamespaceLike {
  idFromName: (name: string) => unknown;
  get: (id: never) => { fetch: (input: string, init?: RequestInit) => Promise<Response> };
}

export type DurableObjectTokenCacheOptions = SealedTokenCacheOptions;

class DurableObjectStepFailed extends Error {
  override name = 'DurableObjectStepFailed';
}

/**
 * The token cache of a Workers fleet: every isolate of every Worker bound to `namespace` (the
 * TokenCacheObject class) shares one token, so the fleet makes one `/v1/auth` call per renewal.
 * Each name lives in its own object (`idFromName`), and each step is atomic there. When the object
 * cannot be reached, the step fails and the handler renews on its own (the shared cache's guard).
 */
export function durableObjectTokenCache(namespace: DurableObjectNamespaceLike, options: DurableObjectTokenCacheOptions = {}): TokenCache {
  async function step(body: CacheStep): Promise<{ value?: string | null; done?: boolean }> {
    const stub = namespace.get(namespace.idFromName(body.name) as never);
    const response = await stub.fetch('https://token-cache.internal/step', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new DurableObjectStepFailed(`the token cache object answered ${response.status}`);
    return (await response.json()) as { value?: string | null; done?: boolean };
  }
  const store: StringStore = {
    get: async (name) => (await step({ op: 'get', name })).value ?? null,
    set: async (name, value, ttlMs) => {
      await step({ op: 'set', name, value, ttlMs });
    },
    setIfAbsent: async (name, value, ttlMs) => (await step({ op: 'setIfAbsent', name, value, ttlMs })).done === true,
    replaceIfTagged: async (name, tag, value, ttlMs) => (await step({ op: 'replaceIfTagged', name, tag, value, ttlMs })).done === true,
    deleteIfEquals: async (name, value) => {
      await step({ op: 'deleteIfEquals', name, value });
    },
  };
  return sealedTokenCache(store, options);
}
