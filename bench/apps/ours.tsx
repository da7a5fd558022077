import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { createRoot } from 'react-dom/client';
import { API_KEY, BASE, PENTESTS_QUERY, type PentestsData, rootElement } from './shared.js';

function Pentests() {
  const { data } = useGraphQLQuery<PentestsData>(PENTESTS_QUERY, { page_size: 10 });
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
    <AuthProvider apiKey={API_KEY} region="main" regions={{ main: BASE }}>
      <Pentests />
    </AuthProvider>
  </QueryClientProvider>,
);
