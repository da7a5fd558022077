import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useGraphQLQuery } from 'graphql-jwt-auth-react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * A small app as a user writes one: a provider and a query run from a button. The mock service's
 * address comes in the page's `?service=` (the test starts it on a free port).
 */
const PENTESTS = 'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name } } }';

interface PentestsData {
  pentests_page: { pentests: { op_id: string; name: string }[] };
}

function Pentests() {
  const query = useGraphQLQuery<PentestsData>(PENTESTS, { page_size: 10 }, { enabled: false, retry: false });
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24, maxWidth: 560 }}>
      <h1 style={{ fontSize: 22 }}>Pentests</h1>
      <button
        type="button"
        onClick={() => {
          void query.refetch();
        }}
      >
        Run query
      </button>
      <ul aria-label="Pentests">
        {query.data?.pentests_page.pentests.map((pentest) => (
          <li key={pentest.op_id}>{pentest.name}</li>
        ))}
      </ul>
    </main>
  );
}

/** Renders the app into #root, with `extra` (the devtools, or nothing) inside the provider. */
export function renderApp(extra: ReactNode = null) {
  const service = new URLSearchParams(location.search).get('service') ?? 'http://127.0.0.1:4000';
  const root = document.getElementById('root');
  if (root === null) throw new Error('no #root');
  createRoot(root).render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider apiKey="browser-key" region="local" regions={{ local: service }}>
        <Pentests />
        {extra}
      </AuthProvider>
    </QueryClientProvider>,
  );
}
