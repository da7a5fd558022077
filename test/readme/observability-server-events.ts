import { createGraphQLProxy } from 'graphql-jwt-auth-react/server';

export const graphqlProxy = createGraphQLProxy({
  apiKey: process.env.API_KEY ?? '',
  region: 'us',
  authorizeRequest: (request: Request) => request.headers.get('cookie')?.includes('session=') === true,
  // Structured log lines: no key, token, variables or data is in any event.
  onEvent: (event) => {
    if (event.type !== 'operation' || event.outcome !== 'ok') console.info(JSON.stringify(event));
  },
});
