// @vitest-environment node
// The handlers never follow a redirect from the service: the key (in /v1/auth's body) and the token
// (on every GraphQL request) go only to the URLs configured. A redirect is answered 502
// UPSTREAM_REDIRECT_REFUSED, and the origin it pointed to receives nothing.
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type ServerHandlerOptions } from '../../src/server/index.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';
import { type RedirectTrap, startRedirectTrap } from '../support/redirect-trap.js';
import { hasSession, post, serveHandler } from './serve-handler.js';

const REFUSED = { status: 502, code: 'UPSTREAM_REDIRECT_REFUSED', message: 'The service answered with a redirect, which is not followed' };

/** Handler options whose /v1/auth or /graphql is the trap's redirecting server, the other the mock service. */
function redirected(running: Running, trap: RedirectTrap, which: 'auth' | 'graphql'): ServerHandlerOptions {
  const endpoints = {
    authUrl: `${which === 'auth' ? trap.redirectingUrl : running.baseUrl}/v1/auth`,
    graphqlUrl: `${which === 'graphql' ? trap.redirectingUrl : running.baseUrl}/v1/graphql`,
  };
  return {
    apiKey: API_KEY,
    region: 'test',
    regions: { test: endpoints },
    authorizeRequest: hasSession,
    logger: { warn: () => undefined, error: () => undefined },
  };
}

describe('createTokenHandler', () => {
  it('/v1/auth answering 307: 502 UPSTREAM_REDIRECT_REFUSED, the key never reaches the other origin, status() says why', async () => {
    const running = await startService();
    const trap = await startRedirectTrap();
    const handler = createTokenHandler(redirected(running, trap, 'auth'));
    const url = `${await serveHandler(handler)}/api/token`;

    const response = await post(url, {});

    expect(trap.received).toEqual([]);
    expect(response.status).toBe(REFUSED.status);
    expect(await response.json()).toEqual({ error: REFUSED.message, code: REFUSED.code });
    expect(handler.status()).toMatchObject({ state: 'failing', code: REFUSED.code });
  });

  it('the check of a {"expired"} claim answered 307: the token never reaches the other origin; no verdict, so one renewal in service', async () => {
    const running = await startService();
    const trap = await startRedirectTrap();
    const url = `${await serveHandler(createTokenHandler(redirected(running, trap, 'graphql')))}/api/token`;
    const { token } = (await (await post(url, {})).json()) as { token: string };

    const response = await post(url, { expired: token });

    expect(trap.received).toEqual([]);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token: running.service.issuedTokens[1] });
    expect(running.service.authCalls).toHaveLength(2);
  });
});

describe('createGraphQLProxy', () => {
  it.each(['auth', 'graphql'] as const)('/%s answering 307: 502 UPSTREAM_REDIRECT_REFUSED, and the other origin receives nothing', async (which) => {
    const running = await startService();
    const trap = await startRedirectTrap();
    const url = `${await serveHandler(createGraphQLProxy(redirected(running, trap, which)))}/api/graphql`;

    const response = await post(url, { query: '{ pentests_count }' });

    expect(trap.received).toEqual([]);
    expect(response.status).toBe(REFUSED.status);
    expect(await response.json()).toEqual({ errors: [{ message: REFUSED.message, extensions: { code: REFUSED.code } }] });
    expect(running.service.authCalls).toHaveLength(which === 'auth' ? 0 : 1);
  });
});
