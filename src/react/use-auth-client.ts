import type { AuthClient } from '../core/client/types.js';
import { useAuthContext } from './context.js';

/** The provider's client, for requests outside React Query (loaders, event handlers). */
export function useAuthClient(): AuthClient {
  return useAuthContext('useAuthClient').client;
}
