/**
 * A shared store of strings with expiry: what a farm's token cache needs of Redis or of a Durable
 * Object. Each method is one atomic step of the store; values are what `sealedTokenCache` seals.
 */
export interface StringStore {
  get: (name: string) => Promise<string | null>;
  set: (name: string, value: string, ttlMs: number) => Promise<void>;
  /** Stores only when `name` holds nothing live; true if stored. */
  setIfAbsent: (name: string, value: string, ttlMs: number) => Promise<boolean>;
  /** Stores only when the live value starts with `${tag}.`; true if stored. */
  replaceIfTagged: (name: string, tag: string, value: string, ttlMs: number) => Promise<boolean>;
  /** Deletes only when the live value is `value`. */
  deleteIfEquals: (name: string, value: string) => Promise<void>;
}
