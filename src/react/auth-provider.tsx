import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { createAuthClient } from '../core/auth-client.js';
import type { AuthError } from '../core/errors/index.js';
import type { Regions } from '../core/regions.js';
import type { AuthClient, AuthClientOptions } from '../core/types.js';
import { AuthContext, type AuthContextValue } from './context.js';
import { graphqlScopeKey } from './query-key.js';
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
  const { apiKey, region, regions, refreshMarginMs, authTimeoutMs } = props;
  const latest = useLatest(props);
  // Compared by value: an inline `regions` object must not start a new identity on every render.
  const regionsJson = regions === undefined ? undefined : JSON.stringify(regions);
  return useMemo(
    () =>
      createAuthClient({
        apiKey,
        region,
        ...(regionsJson === undefined ? {} : { regions: JSON.parse(regionsJson) as Regions }),
        ...(refreshMarginMs === undefined ? {} : { refreshMarginMs }),
        ...(authTimeoutMs === undefined ? {} : { authTimeoutMs }),
        fetch: (input, init) => (latest.current.fetch ?? globalThis.fetch)(input, init),
        authorize: (token) => latest.current.authorize?.(token) ?? { authorization: `Bearer ${token}` },
        now: () => (latest.current.now ?? Date.now)(),
      }),
    [apiKey, region, regionsJson, refreshMarginMs, authTimeoutMs, latest],
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

function useReportAuthErrors(client: AuthClient, onAuthError: AuthProviderProps['onAuthError']): void {
  const latest = useLatest(onAuthError);
  const [reported] = useState(() => new WeakSet<AuthError>());
  useEffect(() => {
    const report = (error: AuthError | null) => {
      if (error === null || reported.has(error)) return;
      reported.add(error);
      latest.current?.(error);
    };
    report(client.store.getState().error);
    return client.store.subscribe((state) => {
      report(state.error);
    });
  }, [client, latest, reported]);
}

/** Holds the API key and region; children get tokens through the hooks, never by hand. */
export function AuthProvider(props: AuthProviderProps) {
  const outerQueryClient = useContext(QueryClientContext);
  const [ownQueryClient] = useState(() => new QueryClient());
  const queryClient = props.queryClient ?? outerQueryClient ?? ownQueryClient;
  const client = useIdentityClient(props);
  useDisposeWhenReplaced(client);
  useReportAuthErrors(client, props.onAuthError);

  const value = useMemo<AuthContextValue>(() => {
    const scope = { queryKey: graphqlScopeKey(client.identity) };
    return {
      client,
      queryClient,
      refresh: async () => {
        const token = await client.refresh();
        // Queries that failed for want of a token (signed out, bad key) can succeed now.
        void queryClient.refetchQueries({ ...scope, type: 'active', predicate: (query) => query.state.status === 'error' });
        return token;
      },
      signOut: () => {
        client.signOut();
        void queryClient.resetQueries(scope);
      },
    };
  }, [client, queryClient]);

  const tree = <AuthContext.Provider value={value}>{props.children}</AuthContext.Provider>;
  // Wrap only when nothing surrounds us, so the app's own useQuery calls keep their client.
  return outerQueryClient === undefined ? <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider> : tree;
}
