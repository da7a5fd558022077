import type { StoreApi } from 'zustand/vanilla';

/**
 * zustand's vanilla store (the same contract and semantics as its `createStore`), written out so an
 * app that keeps its session in memory does not bundle zustand; `useStore` reads it alike.
 */
export function createMemoryStore<T extends object>(initial: T): StoreApi<T> {
  let state = initial;
  const listeners = new Set<(state: T, previous: T) => void>();
  return {
    getState: () => state,
    getInitialState: () => initial,
    setState(partial: T | Partial<T> | ((state: T) => T | Partial<T>), replace?: boolean) {
      const next = typeof partial === 'function' ? partial(state) : partial;
      if (Object.is(next, state)) return;
      const previous = state;
      state = replace === true ? (next as T) : { ...state, ...next };
      for (const listener of listeners) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
