import { authExchange } from '@urql/exchange-auth';
import { createRoot } from 'react-dom/client';
import { cacheExchange, Client, fetchExchange, gql, Provider, useQuery } from 'urql';
import { BASE, fetchToken, type PentestsData, rootElement } from './shared.js';

let token: string | null = null;
const client = new Client({
  url: `${BASE}/v1/graphql`,
  preferGetMethod: false,
  exchanges: [
    cacheExchange,
    authExchange(async (utils) => {
      token ??= await fetchToken();
      return {
        addAuthToOperation: (operation) => (token === null ? operation : utils.appendHeaders(operation, { authorization: `Bearer ${token}` })),
        willAuthError: () => token === null,
        didAuthError: (error) => (error.response as Response | undefined)?.status === 401,
        async refreshAuth() {
          token = await fetchToken();
        },
      };
    }),
    fetchExchange,
  ],
});

const PentestsQuery = gql<PentestsData, { page_size: number }>`
  query Pentests($page_size: Int) {
    pentests_page(page_input: { page_size: $page_size }) {
      pentests {
        op_id
        name
      }
    }
  }
`;

function Pentests() {
  const [{ data }] = useQuery({ query: PentestsQuery, variables: { page_size: 10 } });
  return (
    <ul>
      {data?.pentests_page.pentests.map((pentest) => (
        <li key={pentest.op_id}>{pentest.name}</li>
      ))}
    </ul>
  );
}

createRoot(rootElement()).render(
  <Provider value={client}>
    <Pentests />
  </Provider>,
);
