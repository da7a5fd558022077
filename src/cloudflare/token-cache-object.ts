/**
 * The Durable Object behind `durableObjectTokenCache`: one string value per name, with an expiry,
 * and the four atomic steps a token cache needs (the same as the Redis cache's scripts: a bounded
 * read, a set, the lease and compare-and-set). A Durable Object runs one event at a time and its
 * storage calls hold other events back (input gates), so each step below is atomic without a lock.
 * It stores only what the Workers send (sealed with `encryptionKey` when they have one), and only
 * within the bounds the cache itself keeps: a step that asks for more is refused with a typed 400.
 */
import { MAX_STORED_CHARS, MAX_TTL_MS } from '../shared-cache/string-store.js';

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
/** A key prefix and a hex HMAC fit many times over. */
const MAX_NAME_CHARS = 512;
/** A hex HMAC or SHA-256 is 64. */
const MAX_TAG_CHARS = 128;

const OPERATIONS: ReadonlyMap<unknown, readonly string[]> = new Map([
  ['get', []],
  ['set', ['value', 'ttlMs']],
  ['setIfAbsent', ['value', 'ttlMs']],
  ['replaceIfTagged', ['tag', 'value', 'ttlMs']],
  ['deleteIfEquals', ['value']],
]);

const textWithin = (value: unknown, max: number) => typeof value === 'string' && value.length > 0 && value.length <= max;

/** Why a field of a step is refused, or null when it is well-formed. */
function fieldProblem(step: Record<string, unknown>, field: string): string | null {
  const value = step[field];
  switch (field) {
    case 'name':
      return textWithin(value, MAX_NAME_CHARS) ? null : `name must be a string of 1 to ${MAX_NAME_CHARS} characters`;
    case 'tag':
      return textWithin(value, MAX_TAG_CHARS) ? null : `tag must be a string of 1 to ${MAX_TAG_CHARS} characters`;
    case 'value':
      return textWithin(value, MAX_STORED_CHARS) ? null : `value must be a string of 1 to ${MAX_STORED_CHARS} characters`;
    default: // ttlMs
      return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_TTL_MS
        ? null
        : `ttlMs must be a number of milliseconds above 0 and at most ${MAX_TTL_MS}`;
  }
}

/** The step, or what is wrong with it: every field typed and bounded, none left to the storage. */
function readStep(value: unknown): CacheStep | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'a step is a JSON object';
  const step = value as Record<string, unknown>;
  const fields = OPERATIONS.get(step.op);
  if (fields === undefined) return `op must be one of ${[...OPERATIONS.keys()].join(', ')}`;
  for (const field of ['name', ...fields]) {
    const problem = fieldProblem(step, field);
    if (problem !== null) return problem;
  }
  return step as CacheStep;
}

const refused = (status: number, code: string, error: string) => Response.json({ error, code }, { status });

/**
 * Bind this class as a Durable Object (wrangler.toml: `[[durable_objects.bindings]]` and a
 * `new_classes` migration) and export it from the Worker's main module.
 */
export class TokenCacheObject {
  readonly #storage: DurableObjectStateLike['storage'];

  constructor(state: DurableObjectStateLike) {
    this.#storage = state.storage;
  }

  async #live(name: string): Promise<Stored | null> {
    const stored = (await this.#storage.get(name)) as Stored | undefined;
    if (stored === undefined) return null;
    if (Date.now() < stored.until) return stored;
    await this.#storage.delete(name);
    return null;
  }

  async #liveValue(name: string): Promise<string | null> {
    return (await this.#live(name))?.value ?? null;
  }

  async #put(name: string, value: string, ttlMs: number): Promise<void> {
    await this.#storage.put(name, { value, until: Date.now() + ttlMs } satisfies Stored);
  }

  /** The answer to one step: `{ value }` for get, `{ done }` for the others. */
  async step(step: CacheStep): Promise<{ value: string | null } | { done: boolean }> {
    switch (step.op) {
      case 'get': {
        const value = await this.#liveValue(step.name);
        return { value: value !== null && value.length <= MAX_STORED_CHARS ? value : null };
      }
      case 'set':
        await this.#put(step.name, step.value, step.ttlMs);
        return { done: true };
      case 'setIfAbsent': {
        // A lease with longer left than any caller asks for is no caller's: not honoured.
        const held = await this.#live(step.name);
        if (held !== null && held.until - Date.now() <= step.ttlMs) return { done: false };
        await this.#put(step.name, step.value, step.ttlMs);
        return { done: true };
      }
      case 'replaceIfTagged': {
        const current = await this.#liveValue(step.name);
        if (current === null || !current.startsWith(`${step.tag}.`)) return { done: false };
        await this.#put(step.name, step.value, step.ttlMs);
        return { done: true };
      }
      case 'deleteIfEquals': {
        if ((await this.#liveValue(step.name)) !== step.value) return { done: false };
        await this.#storage.delete(step.name);
        return { done: true };
      }
    }
  }

  /** Only Workers holding the binding reach this; still, anything but a well-formed step is refused. */
  async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST') return new Response(null, { status: 405 });
    const tooLarge = () => refused(413, 'CACHE_STEP_TOO_LARGE', `a step is at most ${MAX_STEP_BYTES} bytes`);
    // A declared length is refused unread; an undeclared one is measured once read.
    if (Number(request.headers.get('content-length') ?? 0) > MAX_STEP_BYTES) return tooLarge();
    const text = await request.text();
    if (text.length > MAX_STEP_BYTES) return tooLarge();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refused(400, 'INVALID_CACHE_STEP', 'a step is a JSON object');
    }
    const step = readStep(parsed);
    if (typeof step === 'string') return refused(400, 'INVALID_CACHE_STEP', step);
    return Response.json(await this.step(step));
  }
}
