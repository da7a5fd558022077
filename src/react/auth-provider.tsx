import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { createAuthClient } from '../core/auth-client.js';
import type { AuthError } from '../core/errors/index.js';
import type { Regions } from '../core/regions.js';
import type { AuthClient, AuthClientOptions } from '../core/types.js';
import { AuthClientProvider } from './auth-client-provider.js';
import { useLatest } from './use-latest.js';

export interface AuthProviderProps extends AuthClientOptions {
  /** Defaults to the surrounding QueryClientProvider's client, else one of the provider's own. */
  queryClient?: QueryClient;
  /** Called once for each auth error the client records (a failed `/v1/auth` call, bad options). */
  onAuthError?: (error: AuthError) => void;
  children?: ReactNode;
}

/**
 * One client per identity (API key, region, endpoints, timing options); callbacks are read through
 * refs, so inline functions do not create a new client.
 */
function useIdentityClient(props: AuthProviderProps): AuthClient {
  const { apiKey, region, regions, refreshMarginMs, authTimeoutMs, tabSync, renewOnWake, persist } = props;
  const latest = useLatest(props);
  // Compared by value: an inline `regions` object must not start a new identity on every render.
  const regionsJson = regions === undefined ? undefined : JSON.stringify(regions);
  // An inline `persist={{ storage }}` must not either: the storage is read when the client is made.
  const persistKey = typeof persist === 'object' ? (persist.key ?? '') : persist;
  return useMemo(
    () =>
      createAuthClient({
        apiKey,
        region,
        ...(regionsJson === undefined ? {} : { regions: JSON.parse(regionsJson) as Regions }),
        ...(refreshMarginMs === undefined ? {} : { refreshMarginMs }),
        ...(authTimeoutMs === undefined ? {} : { authTimeoutMs }),
        ...(tabSync === undefined ? {} : { tabSync }),
        ...(renewOnWake === undefined ? {} : { renewOnWake }),
        ...(persistKey === undefined ? {} : { persist: latest.current.persist ?? false }),
        fetch: (input, init) => (latest.current.fetch ?? globalThis.fetch)(input, init),
        authorize: (token) => latest.current.authorize?.(token) ?? { authorization: `Bearer ${token}` },
        now: () => (latest.current.now ?? Date.now)(),
      }),
    [apiKey, region, regionsJson, refreshMarginMs, authTimeoutMs, tabSync, renewOnWake, persistKey, latest],
  );
}

/**
 * Disposes a client once it is no longer the committed one. Deferred by a microtask because
 * StrictMode unmounts and remounts at once: disposing there would stop renewal for a live client.
 */
function useDisposeWhenReplaced(client: AuthClient): void {
  const committed = useRef<AuthClient | null>(null);
  useEffect(() => {
    committed.current = client;
    return () => {
      committed.current = null;
      queueMicrotask(() => {
        if (committed.current !== client) client.dispose();
      });
    };
  }, [client]);
}

/** Holds the API key and region; children get tokens through the hooks, never by hand. */
export function AuthProvider(props: AuthProviderProps) {
  const client = useIdentityClient(props);
  useDisposeWhenReplaced(client);
  return (
    <AuthClientProvider client={client} queryClient={props.queryClient} onAuthError={props.onAuthError}>
      {props.children}
    </AuthClientProvider>
  );
}
