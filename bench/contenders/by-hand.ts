import { ClientError, GraphQLClient } from 'graphql-request';
import { PentestsDocument } from '../support/documents.js';
import { type ContenderKind, graphqlUrl, tokenHolder } from './contender.js';

/**
 * The recipe a user writes without a library: graphql-request, the token in a variable, one shared
 * refresh in flight, and on the expired answer (a 401) re-authenticate and retry once. It is the
 * `queryFn` of the React Query version used in the re-render scenario.
 */
export const byHand: ContenderKind = {
  name: 'by hand (graphql-request + React Query)',
  create({ baseUrl, apiKey, fetch }) {
    const client = new GraphQLClient(graphqlUrl(baseUrl), fetch ? { fetch } : {});
    const { current, refresh } = tokenHolder(baseUrl, apiKey, fetch);
    const send = (first: number, bearer: string) =>
      client.request({ document: PentestsDocument, variables: { page_num: first }, requestHeaders: { authorization: `Bearer ${bearer}` } });
    return {
      async pentests(first) {
        const before = current() ?? (await refresh());
        try {
          return await send(first, before);
        } catch (error) {
          if (!(error instanceof ClientError && error.response.status === 401)) throw error;
          return send(first, await refresh());
        }
      },
      dispose: () => undefined,
    };
  },
};
