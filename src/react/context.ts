import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { unusableConfig } from '../core/errors/error-message.js';
import type { AuthClient } from '../core/client/types.js';

export interface AuthContextValue {
  client: AuthClient;
  queryClient: QueryClient;
  /** Re-authenticates, then refetches this identity's failed queries; null when that failed. */
  refresh: () => Promise<string | null>;
  /** Signs out and resets this identity's cached queries. */
  signOut: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuthContext(hookName: string): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw unusableConfig('GJA_NO_PROVIDER', hookName);
  return value;
}
