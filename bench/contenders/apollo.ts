import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, ServerError } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { from, switchMap } from 'rxjs';
import { PentestsDocument } from '../support/documents.js';
import { type ContenderKind, dataOrThrow, graphqlUrl, tokenHolder } from './contender.js';

const EXPIRED = 'The incoming token has expired';

/**
 * Apollo Client 4 as its error-handling docs wire a re-auth: a SetContextLink adds the token, an
 * ErrorLink in front of it sees the expired answer (ServerError with the body text), refreshes and
 * retries through `forward(operation)` once. One shared refresh in flight, as such recipes keep.
 */
export const apollo: ContenderKind = {
  name: 'Apollo Client 4 + ErrorLink',
  create({ baseUrl, apiKey, fetch }) {
    const { current, refresh } = tokenHolder(baseUrl, apiKey, fetch);
    const authLink = new SetContextLink(async ({ headers }) => ({
      headers: { ...(headers as Record<string, string>), authorization: `Bearer ${current() ?? (await refresh())}` },
    }));
    const errorLink = new ErrorLink(({ error, operation, forward }) => {
      if (ServerError.is(error) && error.statusCode === 401 && error.bodyText.includes(EXPIRED)) {
        return from(refresh()).pipe(switchMap(() => forward(operation)));
      }
      return undefined;
    });
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: ApolloLink.from([errorLink, authLink, new HttpLink({ uri: graphqlUrl(baseUrl), ...(fetch ? { fetch } : {}) })]),
    });
    return {
      async pentests(first) {
        const result = await client.query({ query: PentestsDocument, variables: { page_num: first }, fetchPolicy: 'no-cache' });
        return dataOrThrow(result.data, result.error);
      },
      dispose: () => {
        client.stop();
      },
    };
  },
};
