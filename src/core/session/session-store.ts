import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AuthState } from './auth-state.js';

export interface SessionStore {
  store: StoreApi<AuthState>;
  /** Resolves once a stored token, if any, has been read. */
  hydrated: Promise<void>;
  isHydrated: () => boolean;
  /** Writes the current token now (one obtained while writes were held back), once the stored one was read. */
  flush: () => void;
}

export interface PersistContext {
  /** The identity tag: a token stored by another key or region set is foreign. */
  id: string;
  now: () => number;
  acceptsRegion: (region: string) => boolean;
  /** Writes reach the storage only while this holds: a client nobody owns leaves storage alone. */
  canWrite: () => boolean;
}

/**
 * Where a client keeps its session across reloads: `sessionPersistence()` (opt-in, so an app that
 * keeps its token in memory does not ship the storage code).
 */
export interface Persistence {
  /** The storage key: a provider makes a new client when it changes. */
  readonly key: string;
  open: (initial: AuthState, context: PersistContext) => SessionStore;
}

/** The session in memory only: nothing to read, nothing to write. */
export function memorySessionStore(initial: AuthState): SessionStore {
  return { store: createStore<AuthState>()(() => initial), hydrated: Promise.resolve(), isHydrated: () => true, flush: () => undefined };
}
