import { authExchange } from '@urql/exchange-auth';
import { createRoot } from 'react-dom/client';
import { cacheExchange, Client, fetchExchange, gql, Provider, useQuery } from 'urql';
import { BASE, fetchToken, type ItemsData, rootElement } from './shared.js';

let token: string | null = null;
const client = new Client({
  url: `${BASE}/v1/graphql`,
  preferGetMethod: false,
  exchanges: [
    cacheExchange,
    authExchange(async (utils) => {
      token ??= await fetchToken();
      return {
        addAuthToOperation: (operation) =>
          token === null ? operation : utils.appendHeaders(operation, { authorization: `Bearer ${token}` }),
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

const ItemsQuery = gql<ItemsData, { first: number }>`
  query Items($first: Int) {
    items(first: $first) {
      id
      title
    }
  }
`;

function Items() {
  const [{ data }] = useQuery({ query: ItemsQuery, variables: { first: 10 } });
  return <ul>{data?.items.map((item) => <li key={item.id}>{item.title}</li>)}</ul>;
}

createRoot(rootElement()).render(
  <Provider value={client}>
    <Items />
  </Provider>,
);
