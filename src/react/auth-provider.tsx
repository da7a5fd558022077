import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AuthError } from '../core/errors/index.js';
import type { AuthClientOptions } from '../core/client/options.js';
import { developmentDiagnostics } from '../core/client/create-auth-client.js';
import type { KnownOptions } from '../core/client/unknown-options.js';
import { AuthClientProvider } from './auth-client-provider.js';
import { useProviderClient } from './provider-client.js';

/** The provider's own props, besides the client's options. */
export interface AuthProviderOwnProps {
  /** Defaults to the surrounding QueryClientProvider's client, else one of the provider's own. */
  queryClient?: QueryClient;
  /** Called once for each auth error the client records (a failed `/v1/auth` call, bad options). */
  onAuthError?: (error: AuthError) => void;
  children?: ReactNode;
}

/** The client's options (one mode of three) and the provider's own. */
export type AuthProviderProps = AuthClientOptions & AuthProviderOwnProps;

/**
 * Holds the API key and region; children get tokens through the hooks, never by hand. Callbacks
 * (fetch, authorize, now) are read when called, so inline functions do not make a new client.
 */
const PROVIDER_OWN_PROP_NAMES: KnownOptions<AuthProviderOwnProps> = { queryClient: true, onAuthError: true, children: true };

export function AuthProvider(props: AuthProviderProps) {
  developmentDiagnostics()?.warnUnknown('AuthProvider', props, PROVIDER_OWN_PROP_NAMES);
  const client = useProviderClient(props);
  return (
    <AuthClientProvider client={client} queryClient={props.queryClient} onAuthError={props.onAuthError}>
      {props.children}
    </AuthClientProvider>
  );
}
