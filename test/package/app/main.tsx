// The throwaway app that test/package/tarball-app.package.ts builds with vite against the packed
// tarball: a provider, one typed query and the auth status, as a user would first write them.
import { parse } from 'graphql';
import { AuthProvider, type TypedDocumentNode, useAuth, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const ItemsDocument: TypedDocumentNode<{ items: { id: string; title: string }[] }, { first?: number }> = parse(
  'query Items($first: Int) { items(first: $first) { id title } }',
);

function Items() {
  const { data, error } = useGraphQLQuery(ItemsDocument, { first: 3 });
  const { status } = useAuth();
  if (error) return <p id="error">{`${error.name}: ${error.message}`}</p>;
  if (data === undefined) return <p id="loading">{status}</p>;
  return (
    <ul id="items" data-status={status}>
      {data.items.map((item) => (
        <li key={item.id}>{item.title}</li>
      ))}
    </ul>
  );
}

// The host page says where the service is and which key to use, as a real deployment's config would.
const { api = '', apiKey = '' } = document.documentElement.dataset;
const root = document.getElementById('root');
if (root === null) throw new Error('The page needs a #root element');
createRoot(root).render(
  <StrictMode>
    <AuthProvider apiKey={apiKey} region="local" regions={{ local: api }}>
      <Items />
    </AuthProvider>
  </StrictMode>,
);
