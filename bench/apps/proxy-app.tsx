// The minimal app in BFF mode, for the ids-against-text rows (bench/scenarios/document-ids.ts): one
// query through `graphqlProxy`, its document and mode given by the two entries, proxy-text.tsx and proxy-ids.tsx.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, type GraphQLProxyMode, type TypedDocumentNode, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { createRoot } from 'react-dom/client';
import { type PentestsData, rootElement } from './shared.js';

export function renderProxyApp(mode: GraphQLProxyMode, document: TypedDocumentNode<PentestsData, { page_size?: number }>): void {
  function Pentests() {
    const { data } = useGraphQLQuery(document, { page_size: 10 });
    return (
      <ul>
        {data?.pentests_page.pentests.map((pentest) => (
          <li key={pentest.op_id}>{pentest.name}</li>
        ))}
      </ul>
    );
  }
  createRoot(rootElement()).render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider graphqlProxy={mode}>
        <Pentests />
      </AuthProvider>
    </QueryClientProvider>,
  );
}
