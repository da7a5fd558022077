import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { BASE, PENTESTS_QUERY, type PentestsData, rootElement } from './shared.js';

/** The floor: the same query with fetch and React Query, no token logic at all. What any app pays. */
function Pentests() {
  const { data } = useQuery({
    queryKey: ['pentests', 10],
    queryFn: async () => {
      const response = await fetch(`${BASE}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: PENTESTS_QUERY, variables: { page_size: 10 } }),
      });
      return ((await response.json()) as { data: PentestsData }).data;
    },
  });
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
    <Pentests />
  </QueryClientProvider>,
);
