import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { AuthError } from '../core/errors/index.js';
import type { AuthClient } from '../core/client/types.js';
import { AuthContext, type AuthContextValue } from './context.js';
import { graphqlScopeKey } from '../core/client/query-key.js';
import { useLatest } from './use-latest.js';

export interface AuthClientProviderProps {
  /** A client you created with createAuthClient and own: the provider never disposes it. */
  client: AuthClient;
  /** Defaults to the surrounding QueryClientProvider's client, else one of the provider's own. */
  queryClient?: QueryClient | undefined;
  /** Called once for each auth error the client records (a failed `/v1/auth` call, bad options). */
  onAuthError?: ((error: AuthError) => void) | undefined;
  children?: ReactNode;
}

function useReportAuthErrors(client: AuthClient, onAuthError: AuthClientProviderProps['onAuthError']): void {
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

/** Whoever signs out (this tab, or another one with tabSync), the data shown to that user goes. */
function useResetQueriesOnSignOut(client: AuthClient, queryClient: QueryClient): void {
  useEffect(
    () =>
      client.onSignOut(() => {
        void queryClient.resetQueries({ queryKey: graphqlScopeKey(client.identity) });
      }),
    [client, queryClient],
  );
}

/**
 * The provider's own QueryClient, one per auth client: a tree that suspends before its first commit
 * loses its state, and a second QueryClient would fetch everything again.
 */
const ownQueryClients = new WeakMap<AuthClient, QueryClient>();

function ownQueryClientFor(client: AuthClient): QueryClient {
  let queryClient = ownQueryClients.get(client);
  if (queryClient === undefined) ownQueryClients.set(client, (queryClient = new QueryClient()));
  return queryClient;
}

/**
 * Gives the hooks a client created outside React, so router loaders and prefetching
 * (`graphqlQueryOptions(client, …)`) share its token and its query keys with the components.
 */
export function AuthClientProvider({ client, queryClient: given, onAuthError, children }: AuthClientProviderProps) {
  const outerQueryClient = useContext(QueryClientContext);
  const queryClient = given ?? outerQueryClient ?? ownQueryClientFor(client);
  useReportAuthErrors(client, onAuthError);
  useResetQueriesOnSignOut(client, queryClient);

  const value = useMemo<AuthContextValue>(() => {
    const scope = { queryKey: graphqlScopeKey(client.identity) };
    return {
      client,
      queryClient,
      refresh: async () => {
        let token: string;
        try {
          token = await client.refresh();
        } catch {
          // Already the store's `error` and given to onAuthError: a UI handler has nothing to add.
          return null;
        }
        // Queries that failed for want of a token (signed out, bad key) can succeed now.
        void queryClient.refetchQueries({ ...scope, type: 'active', predicate: (query) => query.state.status === 'error' });
        return token;
      },
      signOut: client.signOut,
    };
  }, [client, queryClient]);

  const tree = <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
  // Wrap only when nothing surrounds us, so the app's own useQuery calls keep their client.
  return outerQueryClient === undefined ? <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider> : tree;
}
