/**
 * The longest value a token cache stores or reads, in characters (bytes for the stores): a sealed
 * entry of a JWT is well under 2 KiB. Anything longer was written by someone else (a bug, a hostile
 * writer) and reads as no entry before any decoding: 32 MiB of garbage would otherwise hold the event
 * loop for seconds.
 */
export const MAX_STORED_CHARS = 16 * 1024;

/**
 * The longest a value lives: a token cache clamps every TTL to it (a token that outlives it is asked
 * for again), so a store can refuse any longer one.
 */
export const MAX_TTL_MS = 24 * 60 * 60_000;

/**
 * A shared store of strings with expiry: what a farm's token cache needs of Redis or of a Durable
 * Object. Each method is one atomic step of the store; values are what `sealedTokenCache` seals.
 */
export interface StringStore {
  /** The live value, or null; one longer than MAX_STORED_CHARS reads as null, and is not sent where the store can help it. */
  get: (name: string) => Promise<string | null>;
  set: (name: string, value: string, ttlMs: number) => Promise<void>;
  /**
   * Stores only when `name` holds nothing live, or a value with more than `ttlMs` left to live: no
   * caller sets one that long, so it is a stray or hostile writer's and is not honoured. True if stored.
   */
  setIfAbsent: (name: string, value: string, ttlMs: number) => Promise<boolean>;
  /** Stores only when the live value starts with `${tag}.`; true if stored. */
  replaceIfTagged: (name: string, tag: string, value: string, ttlMs: number) => Promise<boolean>;
  /** Deletes only when the live value is `value`. */
  deleteIfEquals: (name: string, value: string) => Promise<void>;
}
