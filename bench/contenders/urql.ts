import { authExchange } from '@urql/exchange-auth';
import { cacheExchange, createClient, fetchExchange } from '@urql/core';
import { PentestsDocument } from '../support/documents.js';
import { type ContenderKind, dataOrThrow, fetchToken, graphqlUrl, jwtExpiryMs } from './contender.js';

/**
 * urql + @urql/exchange-auth as its README wires it: cacheExchange, authExchange, fetchExchange.
 * willAuthError checks the JWT's expiry (the README's "e.g. check for expiration"); didAuthError
 * looks at the status, because urql has consumed the expired body by the time it asks.
 */
export const urql: ContenderKind = {
  name: 'urql + @urql/exchange-auth',
  create({ baseUrl, apiKey, now, fetch }) {
    let token: string | null = null;
    const client = createClient({
      url: graphqlUrl(baseUrl),
      // urql 5 sends queries as GET by default; the gateway (and the mock service) take POST.
      preferGetMethod: false,
      ...(fetch ? { fetch } : {}),
      exchanges: [
        cacheExchange,
        authExchange(async (utils) => {
          await Promise.resolve();
          return {
            addAuthToOperation: (operation) => (token === null ? operation : utils.appendHeaders(operation, { authorization: `Bearer ${token}` })),
            willAuthError: () => token === null || now() >= jwtExpiryMs(token),
            didAuthError: (error) => (error.response as Response | undefined)?.status === 401,
            async refreshAuth() {
              token = await fetchToken(baseUrl, apiKey, fetch);
            },
          };
        }),
        fetchExchange,
      ],
    });
    return {
      async pentests(first) {
        const result = await client.query(PentestsDocument, { page_num: first }, { requestPolicy: 'network-only' }).toPromise();
        return dataOrThrow(result.data, result.error);
      },
      dispose: () => undefined,
    };
  },
};
