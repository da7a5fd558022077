import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { createRoot } from 'react-dom/client';
import { API_KEY, BASE, ITEMS_QUERY, type ItemsData, rootElement } from './shared.js';

function Items() {
  const { data } = useGraphQLQuery<ItemsData>(ITEMS_QUERY, { first: 10 });
  return <ul>{data?.items.map((item) => <li key={item.id}>{item.title}</li>)}</ul>;
}

createRoot(rootElement()).render(
  <QueryClientProvider client={new QueryClient()}>
    <AuthProvider apiKey={API_KEY} region="main" regions={{ main: BASE }}>
      <Items />
    </AuthProvider>
  </QueryClientProvider>,
);
