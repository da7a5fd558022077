import { QueryClient } from '@tanstack/react-query';
import { createAuthClient, graphqlQueryOptions } from 'graphql-jwt-auth-react';
import { PentestsDocument } from './documents.js';

// On the server: the key from its environment, never from the browser.
export async function prefetchForRender(apiKey: string, region: string): Promise<QueryClient> {
  const serverClient = createAuthClient({ apiKey, region });
  const queryClient = new QueryClient();
  try {
    await queryClient.query(graphqlQueryOptions(serverClient, PentestsDocument, { page_size: 10 }));
  } finally {
    serverClient.dispose();
  }
  // Render <QueryClientProvider client={queryClient}> (or dehydrate + <HydrationBoundary>) around the app.
  return queryClient;
}
