import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { readReceivedSession } from './received-session.js';
import { memorySessionStore, type PersistContext, type Persistence, type SessionStore } from '../session/session-store.js';
import type { AuthState } from '../session/auth-state.js';

export interface PersistOptions {
  /** Where the token is kept; default `sessionStorage`. Anything with getItem/setItem/removeItem, sync or async. */
  storage?: StateStorage;
  /** The storage key; default "graphql-jwt-auth". */
  key?: string;
}

export const DEFAULT_PERSIST_KEY = 'graphql-jwt-auth';
const PERSIST_VERSION = 1;

/** What is written: the token and its timing, tagged with the identity. Never the API key. */
interface StoredSession {
  id: string;
  token: string | null;
  expiresAt: number | null;
  receivedAt: number | null;
  region: string | null;
  /** A tenant-aware token endpoint's tag of the token's tenant (see SharedSession). */
  scope?: string;
}

function readStored(value: unknown, { id, now, acceptsRegion }: PersistContext): Partial<AuthState> | null {
  if (typeof value !== 'object' || value === null || (value as { id?: unknown }).id !== id) return null;
  const session = readReceivedSession(value, now());
  if (session === null || !acceptsRegion(session.region)) return null;
  return { status: 'authenticated', ...session, error: null };
}

/**
 * The storage with writes that cannot fail: a full storage throws QuotaExceededError, an async one
 * may reject, and either would otherwise fail the request or renewal whose state change is being
 * saved. A lost write only costs the next reload its token.
 */
function bestEffort(storage: StateStorage): StateStorage {
  const attempt = (write: () => unknown) => {
    try {
      const result = write();
      if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
        Promise.resolve(result).catch(() => undefined);
      }
    } catch {
      // nothing to do: the token stays in memory
    }
  };
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => {
      attempt(() => storage.setItem(name, value));
    },
    removeItem: (name) => {
      attempt(() => storage.removeItem(name));
    },
  };
}

function defaultStorage(): StateStorage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // reading sessionStorage throws where the browser blocks storage
  }
}

function writesOnlyWhile(storage: StateStorage, canWrite: () => boolean): StateStorage {
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => (canWrite() ? storage.setItem(name, value) : undefined),
    removeItem: (name) => (canWrite() ? storage.removeItem(name) : undefined),
  };
}

/**
 * The auth store, kept in storage through zustand's persist middleware: a reload then reuses a
 * valid token instead of calling `/v1/auth`. An expired, malformed or foreign entry is ignored (and
 * overwritten by the next token).
 */
function createPersistedStore(initial: AuthState, options: PersistOptions, name: string, context: PersistContext): SessionStore {
  // Without a storage (server rendering, storage blocked), the store works as if not persisted.
  const raw = options.storage ?? defaultStorage();
  const guarded = raw && bestEffort(writesOnlyWhile(raw, context.canWrite));
  const storage = guarded && createJSONStorage<StoredSession>(() => guarded);
  if (!storage) return memorySessionStore(initial);
  const partialize = ({ token, expiresAt, receivedAt, region, scope }: AuthState): StoredSession => ({
    id: context.id,
    token,
    expiresAt,
    receivedAt,
    region,
    ...(scope !== undefined && { scope }),
  });
  let done = false;
  // Set by the first change made while an async storage is still being read (a sign-out, a refresh,
  // another tab's token): that change is newer than anything stored, so the entry read is dropped.
  let changedBeforeRead = false;
  let markHydrated: () => void = () => undefined;
  const hydrated = new Promise<void>((resolve) => {
    markHydrated = resolve;
  });
  const store = createStore<AuthState>()(
    persist(() => initial, {
      name,
      storage,
      version: PERSIST_VERSION,
      partialize,
      // Another version is treated like a foreign entry: read as nothing.
      migrate: () => ({ id: '', token: null, expiresAt: null, receivedAt: null, region: null }),
      merge: (stored, current) => (changedBeforeRead ? current : { ...current, ...readStored(stored, context) }),
      // Called after reading, and also when reading failed: a broken storage must not hold requests.
      onRehydrateStorage: () => () => {
        done = true;
        markHydrated();
      },
    }),
  );
  const stopWatching = store.subscribe(() => {
    changedBeforeRead = true;
    stopWatching();
  });
  void hydrated.then(stopWatching);
  const flush = () => {
    void hydrated.then(() => {
      const state = store.getState();
      if (state.token !== null) void storage.setItem(name, { state: partialize(state), version: PERSIST_VERSION });
    });
  };
  return { store, hydrated, isHydrated: () => done, flush };
}

/**
 * Keeps the token and its expiry (never the API key) across reloads: in `sessionStorage` by default,
 * or in a storage and under a key of your own. Pass it as the client's `persist` option.
 */
export function sessionPersistence(options: PersistOptions = {}): Persistence {
  const key = options.key ?? DEFAULT_PERSIST_KEY;
  return { key, open: (initial, context) => createPersistedStore(initial, options, key, context) };
}
