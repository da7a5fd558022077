import { ApolloClient, ApolloLink, gql, HttpLink, InMemoryCache, ServerError, type TypedDocumentNode } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { createRoot } from 'react-dom/client';
import { from, switchMap } from 'rxjs';
import { BASE, fetchToken, type ItemsData, rootElement } from './shared.js';

let token: string | null = null;
let refreshing: Promise<string> | null = null;
const refresh = () =>
  (refreshing ??= fetchToken()
    .then((fresh) => (token = fresh))
    .finally(() => (refreshing = null)));

const client = new ApolloClient({
  cache: new InMemoryCache(),
  link: ApolloLink.from([
    new ErrorLink(({ error, operation, forward }) =>
      ServerError.is(error) && error.statusCode === 401 ? from(refresh()).pipe(switchMap(() => forward(operation))) : undefined,
    ),
    new SetContextLink(async ({ headers }) => ({
      headers: { ...(headers as Record<string, string>), authorization: `Bearer ${token ?? (await refresh())}` },
    })),
    new HttpLink({ uri: `${BASE}/v1/graphql` }),
  ]),
});

const ItemsQuery: TypedDocumentNode<ItemsData, { first: number }> = gql`
  query Items($first: Int) {
    items(first: $first) {
      id
      title
    }
  }
`;

function Items() {
  const { data } = useQuery(ItemsQuery, { variables: { first: 10 } });
  return <ul>{data?.items.map((item) => <li key={item.id}>{item.title}</li>)}</ul>;
}

createRoot(rootElement()).render(
  <ApolloProvider client={client}>
    <Items />
  </ApolloProvider>,
);
