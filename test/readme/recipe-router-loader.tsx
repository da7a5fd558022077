import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { AuthClientProvider, createAuthClient, graphqlProxy, graphqlQueryOptions } from 'graphql-jwt-auth-react';
import { PentestsDocument } from './documents.js';

// Created once, outside React, so loaders and components share one token and one cache entry. Any
// mode works; here the app's own proxy (docs/modes.md), since a shared key never goes in a bundle.
export const authClient = createAuthClient({ graphqlProxy: graphqlProxy('/api/graphql') });
export const queryClient = new QueryClient();
const pentestsQuery = graphqlQueryOptions(authClient, PentestsDocument, { page_size: 10 });

// A route loader (React Router, TanStack Router): starts the request before the route renders.
export const loader = () => queryClient.query({ ...pentestsQuery, staleTime: 'static' });

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthClientProvider client={authClient}>
        <Pentests />
      </AuthClientProvider>
    </QueryClientProvider>
  );
}

function Pentests() {
  // Same options, same key: the data the loader fetched, without a second request.
  const { data } = useSuspenseQuery(pentestsQuery);
  return <p>{data.pentests_page.pentests.length} pentests</p>;
}
