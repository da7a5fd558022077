/**
 * The Durable Object behind `durableObjectTokenCache`: one string value per name, with an expiry,
 * and the four atomic steps a token cache needs (the same as the Redis cache's GET, SET PX,
 * SET NX PX and compare-and-set script). A Durable Object runs one event at a time and its storage
 * calls hold other events back (input gates), so each step below is atomic without a lock.
 * It stores only what the Workers send (sealed with `encryptionKey` when they have one).
 */

/** The parts of the Workers runtime's DurableObjectState used here. */
export interface DurableObjectStateLike {
  storage: {
    get: (key: string) => Promise<unknown>;
    put: (key: string, value: unknown) => Promise<void>;
    delete: (key: string) => Promise<boolean>;
  };
}

interface Stored {
  value: string;
  until: number;
}

/** One step asked of the object; `name` is the cache's key name. */
export type CacheStep =
  | { op: 'get'; name: string }
  | { op: 'set'; name: string; value: string; ttlMs: number }
  | { op: 'setIfAbsent'; name: string; value: string; ttlMs: number }
  | { op: 'replaceIfTagged'; name: string; tag: string; value: string; ttlMs: number }
  | { op: 'deleteIfEquals'; name: string; value: string };

const MAX_STEP_BYTES = 64 * 1024;

function readStep(value: unknown): CacheStep | null {
  if (typeof value !== 'object' || value === null) return null;
  const step = value as Record<string, unknown>;
  const text = (key: string) => typeof step[key] === 'string';
  const ttl = typeof step.ttlMs === 'number' && Number.isFinite(step.ttlMs) && step.ttlMs > 0;
  if (!text('name')) return null;
  switch (step.op) {
    case 'get':
      return step as CacheStep;
    case 'set':
    case 'setIfAbsent':
      return text('value') && ttl ? (step as CacheStep) : null;
    case 'replaceIfTagged':
      return text('value') && text('tag') && ttl ? (step as CacheStep) : null;
    case 'deleteIfEquals':
      return text('value') ? (step as CacheStep) : null;
    default:
      return null;
  }
}

/**
 * Bind this class as a Durable Object (wrangler.toml: `[[durable_objects.bindings]]` and a
 * `new_classes` migration) and export it from the Worker's main module.
 */
export class TokenCacheObject {
  readonly #storage: DurableObjectStateLike['storage'];

  constructor(state: DurableObjectStateLike) {
    this.#storage = state.storage;
  }

  async #live(name: string): Promise<string | null> {
    const stored = (await this.#storage.get(name)) as Stored | undefined;
    if (stored === undefined) return null;
    if (Date.now() < stored.until) return stored.value;
    await this.#storage.delete(name);
    return null;
  }

  async #put(name: string, value: string, ttlMs: number): Promise<void> {
    await this.#storage.put(name, { value, until: Date.now() + ttlMs } satisfies Stored);
  }

  /** The answer to one step: `{ value }` for get, `{ done }` for the others. */
  async step(step: CacheStep): Promise<{ value: string | null } | { done: boolean }> {
    switch (step.op) {
      case 'get':
        return { value: await this.#live(step.name) };
      case 'set':
        await this.#put(step.name, step.value, step.ttlMs);
        return { done: true };
      case 'setIfAbsent': {
        if ((await this.#live(step.name)) !== null) return { done: false };
        await this.#put(step.name, step.value, step.ttlMs);
        return { done: true };
      }
      case 'replaceIfTagged': {
        const current = await this.#live(step.name);
        if (current === null || !current.startsWith(`${step.tag}.`)) return { done: false };
        await this.#put(step.name, step.value, step.ttlMs);
        return { done: true };
      }
      case 'deleteIfEquals': {
        if ((await this.#live(step.name)) !== step.value) return { done: false };
        await this.#storage.delete(step.name);
        return { done: true };
      }
    }
  }

  /** Only Workers holding the binding reach this; still, anything but a well-formed step is refused. */
  async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST') return new Response(null, { status: 405 });
    const text = await request.text();
    if (text.length > MAX_STEP_BYTES) return new Response(null, { status: 413 });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return new Response(null, { status: 400 });
    }
    const step = readStep(parsed);
    if (step === null) return new Response(null, { status: 400 });
    return Response.json(await this.step(step));
  }
}
