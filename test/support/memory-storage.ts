/** How the storage's writes fail, if they do: a quota error thrown, or a rejected promise. */
export type WriteFailure = 'none' | 'throw' | 'reject';

export interface MemoryStorage {
  readonly items: Map<string, string>;
  getItem: (name: string) => string | null | Promise<string | null>;
  setItem: (name: string, value: string) => void | Promise<void>;
  removeItem: (name: string) => void | Promise<void>;
  /** Reads still answering; `await storage.settled()` waits for every read started so far. */
  settled: () => Promise<void>;
  /** Holds every read until the returned function is called (an async storage slow to answer). */
  holdReads: () => () => void;
  writes: number;
  failWrites: WriteFailure;
}

function quotaError(): Error {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

/**
 * A storage of the user's own: a Map, optionally answering reads after `readDelayMs` (like the
 * IndexedDB wrappers) and writing asynchronously too when `async` is set.
 */
export function memoryStorage({ readDelayMs, async = readDelayMs !== undefined }: { readDelayMs?: number; async?: boolean } = {}): MemoryStorage {
  const items = new Map<string, string>();
  const reads: Array<Promise<unknown>> = [];
  let held: Promise<void> | null = null;
  const storage: MemoryStorage = {
    items,
    writes: 0,
    failWrites: 'none',
    getItem(name) {
      const value = items.get(name) ?? null;
      if (readDelayMs === undefined && held === null) return value;
      const gate = held ?? Promise.resolve();
      const read = new Promise<string | null>((resolve) => {
        setTimeout(() => {
          void gate.then(() => {
            resolve(value);
          });
        }, readDelayMs ?? 0);
      });
      reads.push(read);
      return read;
    },
    setItem(name, value) {
      storage.writes += 1;
      if (storage.failWrites === 'throw') throw quotaError();
      if (storage.failWrites === 'reject') return Promise.reject(quotaError());
      items.set(name, value);
      return async ? Promise.resolve() : undefined;
    },
    removeItem(name) {
      if (storage.failWrites === 'throw') throw quotaError();
      if (storage.failWrites === 'reject') return Promise.reject(quotaError());
      items.delete(name);
      return async ? Promise.resolve() : undefined;
    },
    holdReads() {
      let release: () => void = () => undefined;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = null;
        release();
      };
    },
    settled: async () => {
      await Promise.all(reads);
      // zustand applies what it read a few promise turns later.
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    },
  };
  return storage;
}
