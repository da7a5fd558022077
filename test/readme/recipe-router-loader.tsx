import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { AuthClientProvider, createAuthClient, graphqlQueryOptions } from 'graphql-jwt-auth-react';
import { PentestsDocument } from './documents.js';

// Created once, outside React, so loaders and components share one token and one cache entry.
export const authClient = createAuthClient({ apiKey: import.meta.env.VITE_API_KEY, region: 'eu' });
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
