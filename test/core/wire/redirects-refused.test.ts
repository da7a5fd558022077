// @vitest-environment node
// A key, a token or the app's cookies go only to the URL configured: an endpoint that answers with a
// redirect gets an UnexpectedRedirectError naming the URL asked, and the origin it pointed to receives
// nothing (fetch would post the body again on a 307, and hand back that origin's token).
import { describe, expect, it } from 'vitest';
import { AuthError, createAuthClient, graphqlProxy, tokenEndpoint, UnexpectedRedirectError } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { clientFor, startService } from '../../support/fixtures.js';
import { startRedirectTrap } from '../../support/redirect-trap.js';

/** What the call rejected with, or its value had it resolved. */
const outcomeOf = (pending: Promise<unknown>): Promise<unknown> => pending.catch((error: unknown) => error);

describe('a redirect is never followed', () => {
  it('/v1/auth answering 307: the key never reaches the other origin, and no token from it is used', async () => {
    const running = await startService();
    const trap = await startRedirectTrap();
    const authUrl = `${trap.redirectingUrl}/v1/auth`;
    const client = clientFor(running, { regions: { test: { authUrl, graphqlUrl: `${running.baseUrl}/v1/graphql` } } });

    const error = await outcomeOf(client.getToken());

    expect(trap.received).toEqual([]);
    expect(error).toBeInstanceOf(UnexpectedRedirectError);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ name: 'UnexpectedRedirectError', status: 307, url: authUrl });
    expect((error as Error).message).toBe(`${authUrl} answered with a redirect (307), which is not followed: credentials go only to the URL configured`);
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null, error });
    expect(await outcomeOf(client.request(PentestsDocument))).toBeInstanceOf(UnexpectedRedirectError);
    expect(trap.received).toEqual([]);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('/graphql answering 307 to a request with a token: the token never reaches the other origin, and it is sent once', async () => {
    const running = await startService();
    const trap = await startRedirectTrap();
    const graphqlUrl = `${trap.redirectingUrl}/v1/graphql`;
    const client = clientFor(running, { regions: { test: { authUrl: `${running.baseUrl}/v1/auth`, graphqlUrl } } });

    const error = await outcomeOf(client.request(PentestsDocument));

    expect(trap.received).toEqual([]);
    expect(error).toBeInstanceOf(UnexpectedRedirectError);
    expect(error).toMatchObject({ status: 307, url: graphqlUrl });
    expect((error as Error).message).not.toContain(await client.getToken());
    expect(running.service.authCalls).toHaveLength(1); // no renewal: a redirect says nothing of the token
  });

  it('token-endpoint mode: the app’s endpoint answering 307 is refused, and no token from elsewhere is used', async () => {
    const running = await startService();
    const trap = await startRedirectTrap();
    const url = `${trap.redirectingUrl}/api/token`;
    const client = createAuthClient({ tokenEndpoint: tokenEndpoint(url), regions: { test: running.baseUrl } });

    const error = await outcomeOf(client.getToken());
    client.dispose();

    expect(trap.received).toEqual([]);
    expect(error).toBeInstanceOf(UnexpectedRedirectError);
    expect(error).toMatchObject({ status: 307, url });
    expect(client.store.getState().token).toBeNull();
  });

  it('GraphQL-proxy mode: the app’s proxy answering 307 is refused, and the operation goes nowhere else', async () => {
    const trap = await startRedirectTrap();
    const url = `${trap.redirectingUrl}/api/graphql`;
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url) });

    const error = await outcomeOf(client.request(PentestsDocument));
    client.dispose();

    expect(trap.received).toEqual([]);
    expect(error).toBeInstanceOf(UnexpectedRedirectError);
    expect(error).toMatchObject({ status: 307, url });
  });
});
