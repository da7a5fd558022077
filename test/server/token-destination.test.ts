// @vitest-environment node
// Where a token from the app's token endpoint is sent: the handler says, and the browser never
// sends it anywhere the handler did not get it for.
import { describe, expect, it } from 'vitest';
import { AuthConfigError, AuthServerError, createAuthClient, GraphQLUrlMismatchError, tokenEndpoint } from '../../src/index.js';
import { createTokenHandler, type ServerHandler } from '../../src/server/index.js';
import { PentestsDocument } from '../support/documents.js';
import { API_KEY, bearerTokens, startService, type Running } from '../support/fixtures.js';
import { hasSession, serveHandler, withSession } from './serve-handler.js';

/** The handler's answer with its graphqlUrl rewritten (or removed, as a handler before the field answered). */
function rewritingAnswers(handler: ServerHandler, graphqlUrl: (url: unknown) => unknown): ServerHandler {
  const rewrite = async (request: Request) => {
    const answer = await handler(request);
    if (answer.status !== 200) return answer;
    const body = (await answer.json()) as Record<string, unknown>;
    return Response.json({ ...body, graphqlUrl: graphqlUrl(body.graphqlUrl) });
  };
  return Object.assign(rewrite, {
    fetchInProcess: handler.fetchInProcess,
    dispose: handler.dispose,
    refresh: handler.refresh,
    status: handler.status,
    ready: handler.ready,
  });
}

/** The app's token endpoint over HTTP in front of `upstream`, counting the browser's calls. */
async function serveTokenEndpoint(upstream: Running, rewrite?: (url: unknown) => unknown) {
  const handler = createTokenHandler({ apiKey: API_KEY, region: 'test', regions: { test: upstream.baseUrl }, authorizeRequest: hasSession });
  let calls = 0;
  const served = rewrite === undefined ? handler : rewritingAnswers(handler, rewrite);
  const counted = Object.assign((request: Request) => ((calls += 1), served(request)), served);
  return { url: `${await serveHandler(counted)}/api/token`, calls: () => calls };
}

describe('token-endpoint mode: the token goes where the handler got it for', () => {
  it('a browser client with no regions sends to the handler’s upstream: 1 /v1/auth, 3 sends, each with that token', async () => {
    const upstream = await startService();
    const endpoint = await serveTokenEndpoint(upstream);
    const browser = createAuthClient({ tokenEndpoint: tokenEndpoint(endpoint.url), fetch: withSession });

    await browser.request(PentestsDocument);
    await Promise.all([browser.request(PentestsDocument), browser.request(PentestsDocument)]);

    expect(upstream.service.authCalls).toHaveLength(1);
    expect(bearerTokens(upstream.service)).toEqual(Array(3).fill(upstream.service.issuedTokens[0]));
    expect(endpoint.calls()).toBe(1);
    expect(browser.store.getState()).toMatchObject({ status: 'authenticated', region: 'test' });
    browser.dispose();
  });

  it('regions naming another GraphQL URL: GraphQLUrlMismatchError naming both, nothing sent to either, no second endpoint call', async () => {
    const upstream = await startService();
    const other = await startService();
    const endpoint = await serveTokenEndpoint(upstream);
    const browser = createAuthClient({ tokenEndpoint: tokenEndpoint(endpoint.url), regions: { test: other.baseUrl }, fetch: withSession });

    const first: unknown = await browser.request(PentestsDocument).catch((error: unknown) => error);
    const second: unknown = await browser.request(PentestsDocument).catch((error: unknown) => error);

    expect(first).toBeInstanceOf(GraphQLUrlMismatchError);
    expect(first).toBeInstanceOf(AuthConfigError);
    expect(first).toMatchObject({
      name: 'GraphQLUrlMismatchError',
      tokenEndpoint: endpoint.url,
      region: 'test',
      endpointUrl: `${upstream.baseUrl}/v1/graphql`,
      configuredUrl: `${other.baseUrl}/v1/graphql`,
    });
    expect((first as Error).message).toBe(
      `The token endpoint ${endpoint.url} gives tokens for ${upstream.baseUrl}/v1/graphql, but this client's regions send region "test" to ${other.baseUrl}/v1/graphql; ` +
        "no token was sent to either. Leave `regions` out of the browser's client (tokens then go where the endpoint says), or give it the same regions as createTokenHandler",
    );
    expect(second).toBe(first);
    expect(upstream.service.graphqlCalls).toHaveLength(0);
    expect(other.service.graphqlCalls).toHaveLength(0);
    expect(other.service.authCalls).toHaveLength(0);
    expect(endpoint.calls()).toBe(1);
    expect(browser.store.getState()).toMatchObject({ status: 'error', token: null });
    browser.dispose();
  });

  it('an answer without graphqlUrl (a handler from before it) is sent to the configured URL', async () => {
    const upstream = await startService();
    const endpoint = await serveTokenEndpoint(upstream, () => undefined);
    const browser = createAuthClient({ tokenEndpoint: tokenEndpoint(endpoint.url), regions: { test: upstream.baseUrl }, fetch: withSession });

    await browser.request(PentestsDocument);

    expect(upstream.service.authCalls).toHaveLength(1);
    expect(bearerTokens(upstream.service)).toEqual([upstream.service.issuedTokens[0]]);
    browser.dispose();
  });

  it('an answer without graphqlUrl and no regions: AuthConfigError saying what to do, the token sent nowhere (not to the default regions)', async () => {
    const upstream = await startService();
    const endpoint = await serveTokenEndpoint(upstream, () => undefined);
    const browser = createAuthClient({ tokenEndpoint: tokenEndpoint(endpoint.url), fetch: withSession });

    const error: unknown = await browser.request(PentestsDocument).catch((e: unknown) => e);
    await expect(browser.request(PentestsDocument)).rejects.toBe(error);

    expect(error).toBeInstanceOf(AuthConfigError);
    expect((error as Error).message).toBe(
      `The token endpoint ${endpoint.url} did not say where its tokens go (no graphqlUrl: a createTokenHandler older than this client): ` +
        'give the client the same regions as the handler, or update the server',
    );
    expect(upstream.service.graphqlCalls).toHaveLength(0);
    expect(endpoint.calls()).toBe(1);
    browser.dispose();
  });

  it.each([
    ['plain http to a host on the network', 'http://graphql.example/v1/graphql'],
    ['a relative URL', '/v1/graphql'],
    ['another scheme', 'ftp://127.0.0.1/v1/graphql'],
    ['credentials in the URL', 'https://user:pass@graphql.example/v1/graphql'],
    ['not a URL', 'not a url'],
    ['not a string', 42],
  ])('an answered graphqlUrl that is %s is refused (AuthServerError), nothing sent', async (_label, answered) => {
    const upstream = await startService();
    const endpoint = await serveTokenEndpoint(upstream, () => answered);
    const browser = createAuthClient({ tokenEndpoint: tokenEndpoint(endpoint.url), fetch: withSession });

    const error: unknown = await browser.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthServerError);
    expect((error as Error).message).toMatch(/^The auth endpoint failed \(200\): the token endpoint's graphqlUrl /);
    expect(upstream.service.graphqlCalls).toHaveLength(0);
    expect(endpoint.calls()).toBe(1);
    browser.dispose();
  });
});
