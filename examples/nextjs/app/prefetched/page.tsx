import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { createAuthClient, graphqlProxy } from 'graphql-jwt-auth-react/core';
import { graphqlQueryOptions } from 'graphql-jwt-auth-react/query';
import { AccountAndPentests } from '@/components/account-and-pentests';
import { BffAuthProvider } from '@/components/bff-auth-provider';
import { SignedInOnly } from '@/components/signed-in-only';
import { backend } from '@/lib/auth-server';
import { AccountDocument, PentestsDocument } from '@/lib/documents';

export default function PrefetchedPage() {
  return (
    <>
      <h1>Prefetched</h1>
      <p>
        Rendered on the server through the BFF proxy: the data is in the HTML, and the browser asks for nothing
        until you refetch.
      </p>
      {/* fetchInProcess skips authorizeRequest: the data is read only inside the session check. */}
      <SignedInOnly next="/prefetched">
        <PrefetchedAccount />
      </SignedInOnly>
    </>
  );
}

async function PrefetchedAccount() {
  // A client in BFF mode, so its query keys equal the browser's under <BffAuthProvider>;
  // its requests reach the proxy in this process and share the proxy's token, not a token per page view.
  const client = createAuthClient({ graphqlProxy: graphqlProxy('/api/graphql'), fetch: backend().graphqlProxy.fetchInProcess });
  const queryClient = new QueryClient();
  try {
    await Promise.all([
      queryClient.query(graphqlQueryOptions(client, AccountDocument)),
      queryClient.query(graphqlQueryOptions(client, PentestsDocument, { page_size: 3 })),
    ]);
  } finally {
    client.dispose();
  }
  return (
    <BffAuthProvider>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AccountAndPentests />
      </HydrationBoundary>
    </BffAuthProvider>
  );
}
