import { GraphQLClient } from 'graphql-request';
import { PentestsDocument } from '../support/documents.js';
import { graphqlUrl } from './contender.js';

/** The floor: graphql-request with a fixed, valid token and no auth logic at all. */
export function bareClient(baseUrl: string, token: string, fetchImpl?: typeof fetch) {
  const client = new GraphQLClient(graphqlUrl(baseUrl), { headers: { authorization: `Bearer ${token}` }, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  return { pentests: (first: number) => client.request(PentestsDocument, { page_num: first }) };
}
