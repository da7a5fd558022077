import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { AuthState } from '../core/session/auth-state.js';
import { useAuthContext } from './context.js';

export interface AuthView extends AuthState {
  /** Authenticates now; lifts a sign-out or an invalid-key stop; refetches failed queries. */
  refresh: () => Promise<string>;
  /** Forgets the token, discards a refresh in flight and resets this identity's cached queries. */
  signOut: () => void;
}

/** Auth state for the UI. Re-renders on every auth change: components showing only data should not call it. */
export function useAuth(): AuthView {
  const { client, refresh, signOut } = useAuthContext('useAuth');
  const state = useStore(client.store);
  return useMemo(() => ({ ...state, refresh, signOut }), [state, refresh, signOut]);
}
