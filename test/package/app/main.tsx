// The throwaway app that test/package/tarball-app.package.ts builds with vite against the packed
// tarball: a provider, one typed query and the auth status, as a user would first write them.
import { parse } from 'graphql';
import { AuthProvider, type TypedDocumentNode, useAuth, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const PentestsDocument: TypedDocumentNode<{ pentests_page: { pentests: { op_id: string; name: string }[] } }, { page_size?: number }> = parse(
  'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name } } }',
);

function Pentests() {
  const { data, error } = useGraphQLQuery(PentestsDocument, { page_size: 3 });
  const { status } = useAuth();
  if (error) return <p id="error">{`${error.name}: ${error.message}`}</p>;
  if (data === undefined) return <p id="loading">{status}</p>;
  return (
    <ul id="pentests" data-status={status}>
      {data.pentests_page.pentests.map((pentest) => (
        <li key={pentest.op_id}>{pentest.name}</li>
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
      <Pentests />
    </AuthProvider>
  </StrictMode>,
);
