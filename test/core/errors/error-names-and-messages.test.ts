import { describe, expect, it } from 'vitest';
import {
  AuthConfigError,
  AuthError,
  AuthNetworkError,
  AuthServerError,
  GraphQLUrlMismatchError,
  InvalidApiKeyError,
  InvalidGraphQLResponseError,
  NotPrefetchedError,
  ServerCredentialsError,
  SignedOutError,
  TokenExpiredError,
  TokenRejectedError,
  UnexpectedRedirectError,
} from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { clientFor, startService } from '../../support/fixtures.js';

// A user logs and matches errors by `name` and reads `message`: both are part of the public API.
describe('error names and messages', () => {
  it.each([
    ['AuthError', new AuthError('plain'), 'plain'],
    ['AuthConfigError', new AuthConfigError('bad option'), 'bad option'],
    ['AuthNetworkError', new AuthNetworkError('http://127.0.0.1:1/v1/auth'), 'Could not reach the auth endpoint http://127.0.0.1:1/v1/auth'],
    ['AuthServerError', new AuthServerError(503, 'down'), 'The auth endpoint failed (503): down'],
    ['InvalidApiKeyError', new InvalidApiKeyError(), 'The API key was rejected by the auth endpoint (401)'],
    ['InvalidGraphQLResponseError', new InvalidGraphQLResponseError(200), 'The GraphQL endpoint answered 200 with something that is not a GraphQL result'],
    ['NotPrefetchedError', new NotPrefetchedError(), 'A suspense query without prefetched data renders its fallback on the server and loads in the browser'],
    [
      'GraphQLUrlMismatchError',
      new GraphQLUrlMismatchError({
        tokenEndpoint: '/api/token',
        region: 'us',
        endpointUrl: 'http://127.0.0.1:4000/v1/graphql',
        configuredUrl: 'https://api.gateway.horizon3ai.com/v1/graphql',
      }),
      'The token endpoint /api/token gives tokens for http://127.0.0.1:4000/v1/graphql, but this client\'s regions send region "us" to ' +
        "https://api.gateway.horizon3ai.com/v1/graphql; no token was sent to either. Leave `regions` out of the browser's client " +
        '(tokens then go where the endpoint says), or give it the same regions as createTokenHandler',
    ],
    [
      'ServerCredentialsError',
      new ServerCredentialsError(502, 'http://127.0.0.1:8787/api/graphql'),
      "The app's server at http://127.0.0.1:8787/api/graphql answered that the service refused its credentials (502): the server's API key " +
        "(or the key its credentials resolver gives this tenant) is wrong or revoked. Retrying cannot fix it; the server's log names the setting to check",
    ],
    [
      'AuthServerError',
      new AuthServerError(502, 'HTTP 502', { endpoint: "the app's token endpoint http://127.0.0.1:8787/api/token", hint: 'Its server is down' }),
      "The app's token endpoint http://127.0.0.1:8787/api/token failed (502): HTTP 502. Its server is down",
    ],
    ['SignedOutError', new SignedOutError(), 'Signed out: call refresh() to authenticate again'],
    ['TokenExpiredError', new TokenExpiredError(401), 'The GraphQL endpoint answered that the token has expired (401), even after re-authenticating'],
    ['TokenRejectedError', new TokenRejectedError(403), 'The GraphQL endpoint refused the token (403), even after re-authenticating'],
    [
      'UnexpectedRedirectError',
      new UnexpectedRedirectError('http://127.0.0.1:1/v1/auth', 307),
      'http://127.0.0.1:1/v1/auth answered with a redirect (307), which is not followed: credentials go only to the URL configured',
    ],
    [
      'UnexpectedRedirectError',
      new UnexpectedRedirectError('http://127.0.0.1:1/api/token', 0),
      'http://127.0.0.1:1/api/token answered with a redirect, which is not followed: credentials go only to the URL configured',
    ],
  ])('%s carries its class name and its exact message', (name, error, message) => {
    expect(error).toBeInstanceOf(AuthError);
    expect(error.name).toBe(name);
    expect(error.message).toBe(message);
    expect(String(error)).toBe(`${name}: ${message}`);
  });

  it('a request after signOut() rejects with a SignedOutError that says how to authenticate again', async () => {
    const running = await startService();
    const client = clientFor(running);
    await client.getToken();
    client.signOut();

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SignedOutError);
    expect(error).toMatchObject({ name: 'SignedOutError', message: 'Signed out: call refresh() to authenticate again' });
    client.dispose();
  });
});
