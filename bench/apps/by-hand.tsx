import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ClientError, GraphQLClient } from 'graphql-request';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BASE, fetchToken, PENTESTS_QUERY, type PentestsData, rootElement } from './shared.js';

const client = new GraphQLClient(`${BASE}/v1/graphql`);
const TokenContext = createContext<{ token: string; renew: () => Promise<string> } | null>(null);

function TokenProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => void fetchToken().then(setToken), []);
  const renew = () => fetchToken().then((fresh) => (setToken(fresh), fresh));
  return token === null ? null : <TokenContext value={{ token, renew }}>{children}</TokenContext>;
}

function Pentests() {
  const auth = useContext(TokenContext);
  const { data } = useQuery({
    queryKey: ['pentests', 10],
    queryFn: async () => {
      if (auth === null) throw new Error('no token');
      const send = (token: string) => client.request<PentestsData>(PENTESTS_QUERY, { page_size: 10 }, { authorization: `Bearer ${token}` });
      try {
        return await send(auth.token);
      } catch (error) {
        if (!(error instanceof ClientError && error.response.status === 401)) throw error;
        return send(await auth.renew());
      }
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
    <TokenProvider>
      <Pentests />
    </TokenProvider>
  </QueryClientProvider>,
);
