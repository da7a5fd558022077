import { ApolloClient, ApolloLink, gql, HttpLink, InMemoryCache, ServerError, type TypedDocumentNode } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { createRoot } from 'react-dom/client';
import { from, switchMap } from 'rxjs';
import { BASE, fetchToken, type PentestsData, rootElement } from './shared.js';

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

const PentestsQuery: TypedDocumentNode<PentestsData, { page_size: number }> = gql`
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
  const { data } = useQuery(PentestsQuery, { variables: { page_size: 10 } });
  return (
    <ul>
      {data?.pentests_page.pentests.map((pentest) => (
        <li key={pentest.op_id}>{pentest.name}</li>
      ))}
    </ul>
  );
}

createRoot(rootElement()).render(
  <ApolloProvider client={client}>
    <Pentests />
  </ApolloProvider>,
);
