import { useContext } from 'react';
import type { AuthClient } from '../core/client/types.js';
import { AuthConfigError } from '../core/errors/index.js';
import { AuthContext } from '../react/context.js';

/** The `client` prop, else the nearest provider's client. */
export function useDevtoolsClient(given: AuthClient | undefined): AuthClient {
  const context = useContext(AuthContext);
  const client = given ?? context?.client;
  if (client === undefined) throw new AuthConfigError('AuthDevtools needs a client: render it inside <AuthProvider>, or pass client={...}');
  return client;
}
