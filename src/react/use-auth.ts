import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { AuthState } from '../core/session/auth-state.js';
import { useAuthContext } from './context.js';

export interface AuthView extends AuthState {
  /**
   * Authenticates now; lifts a sign-out or an invalid-key stop; refetches failed queries. Resolves
   * the token, or null when that failed: never rejects, since the failure is already in `error` (and
   * given to `onAuthError`), so `onClick={() => void refresh()}` needs no catch. `client.refresh()` rejects.
   */
  refresh: () => Promise<string | null>;
  /** Forgets the token, discards a refresh in flight and resets this identity's cached queries. */
  signOut: () => void;
}

/**
 * Auth state for the UI. Without a selector it re-renders on every auth change: components showing
 * only data should not call it. With one, as zustand's `useStore(store, selector)`, it re-renders
 * only when the selected value changes (compared with Object.is, so select one value, or wrap the
 * selector in zustand's `useShallow` for an object).
 */
export function useAuth(): AuthView;
export function useAuth<T>(selector: (view: AuthView) => T): T;
export function useAuth<T>(selector?: (view: AuthView) => T): AuthView | T {
  const { client, refresh, signOut } = useAuthContext('useAuth');
  // One store subscription either way, so a component may add or drop its selector between renders.
  const picked = useStore(client.store, (state: AuthState) => (selector === undefined ? state : selector({ ...state, refresh, signOut })));
  const whole = useMemo(() => (selector === undefined ? { ...(picked as AuthState), refresh, signOut } : null), [picked, refresh, signOut, selector]);
  return whole ?? (picked as T);
}
