import { GraphQLClient } from 'graphql-request';
import { ItemsDocument } from '../support/documents.js';
import { graphqlUrl } from './contender.js';

/** The floor: graphql-request with a fixed, valid token and no auth logic at all. */
export function bareClient(baseUrl: string, token: string) {
  const client = new GraphQLClient(graphqlUrl(baseUrl), { headers: { authorization: `Bearer ${token}` } });
  return { items: (first: number) => client.request(ItemsDocument, { first }) };
}
