// src/App.tsx
import { useAuth, useGraphQLQuery } from 'graphql-jwt-auth-react';

interface Pentests {
  pentests_page: { pentests: { op_id: string; name: string; state: string }[] };
}

export function App() {
  const { data, error, isPending } = useGraphQLQuery<Pentests>(
    'query Pentests { pentests_page(page_input: { page_size: 5 }) { pentests { op_id name state } } }',
  );
  const { status } = useAuth();
  if (isPending) return <p>Loading… (token: {status})</p>;
  if (error) return <p>{error.name}: {error.message}</p>;
  return (
    <ul>
      {data.pentests_page.pentests.map((pentest) => (
        <li key={pentest.op_id}>
          {pentest.name}: {pentest.state}
        </li>
      ))}
    </ul>
  );
}
