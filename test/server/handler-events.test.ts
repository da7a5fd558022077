// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type AuthEvent, createAuthClient, graphqlProxy } from '../../src/index.js';
import { AuthConfigError } from '../../src/core/index.js';
import { createGraphQLProxy, createTokenHandler, type ServerHandlerOptions } from '../../src/server/index.js';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../support/documents.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';
import { hasSession, post, serveHandler, withSession } from './serve-handler.js';

async function servedProxy(running: Running, options: Partial<ServerHandlerOptions>): Promise<string> {
  const proxy = createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, ...options });
  return `${await serveHandler(proxy)}/api/graphql`;
}

describe('the server handlers’ onEvent', () => {
  it('tells an operator the handler’s exchanges and upstream operations, the retry after an expiry included', async () => {
    const running = await startService();
    const events: AuthEvent[] = [];
    const url = await servedProxy(running, { onEvent: (event) => events.push(event) });
    const browser = createAuthClient({ graphqlProxy: graphqlProxy(url), fetch: withSession });
    const seenByBrowser: AuthEvent[] = [];
    browser.onEvent((event) => seenByBrowser.push(event));

    await browser.request(PentestsDocument);
    running.service.expireTokensNow();
    await browser.request(PentestsDocument);

    expect(events.map((event) => [event.type, event.type === 'operation' ? event.outcome : event.type === 'exchange-start' ? event.reason : null])).toEqual([
      ['exchange-start', 'first'],
      ['exchange-end', null],
      ['operation', 'ok'],
      ['operation', 'expired'],
      ['exchange-start', 'expired'],
      ['exchange-end', null],
      ['operation', 'ok'],
    ]);
    expect(events.at(-1)).toMatchObject({ operationName: 'Pentests', retry: true, status: 200 });
    // The browser's own client holds no token: its events tell each operation, without a tag.
    expect(seenByBrowser.map((event) => event.type === 'operation' && [event.outcome, event.tokenTag])).toEqual([
      ['ok', null],
      ['ok', null],
    ]);
  });

  it('no event of a storm through the proxy holds the key or any issued token', async () => {
    const running = await startService();
    const events: AuthEvent[] = [];
    const url = await servedProxy(running, { onEvent: (event) => events.push(event) });
    const browsers = Array.from({ length: 4 }, () => createAuthClient({ graphqlProxy: graphqlProxy(url), fetch: withSession }));
    for (const browser of browsers) browser.onEvent((event) => events.push(event));

    for (let round = 0; round < 4; round++) {
      if (round > 0) running.service.expireTokensNow();
      if (round === 2) running.service.failNextAuthCalls(1, 503);
      if (round === 3) running.service.queueGraphqlFailures('reset', 500);
      await Promise.allSettled(browsers.flatMap((browser) => [browser.request(PentestsDocument), browser.request(PauseOpDocument, { op_id: runningOpId() })]));
    }

    expect(events.filter((event) => event.type === 'exchange-end')).not.toHaveLength(0);
    // At least the first token and one renewed after an expiry are scanned for. Whether the last round
    // renews too depends on the outage backoff's random wait after the 503 (anything up to 1 s).
    expect(running.service.issuedTokens.length).toBeGreaterThanOrEqual(2);
    const printed = JSON.stringify(events);
    for (const secret of [API_KEY, ...running.service.issuedTokens]) expect(printed).not.toContain(secret);
  });

  it('refuses an onEvent that is not a function at start-up', () => {
    expect(() =>
      createGraphQLProxy({ apiKey: API_KEY, region: 'us', authorizeRequest: hasSession, onEvent: 'log' as unknown as (event: AuthEvent) => void }),
    ).toThrow(AuthConfigError);
  });

  it('tells the token handler’s check of a claimed token that the service answered 500: an http-error operation, then the renewal it led to', async () => {
    const running = await startService();
    const events: AuthEvent[] = [];
    const handler = createTokenHandler({
      apiKey: API_KEY,
      region: 'test',
      regions: { test: running.baseUrl },
      authorizeRequest: hasSession,
      onEvent: (event) => events.push(event),
    });
    const url = `${await serveHandler(handler)}/api/token`;
    const { token } = (await (await post(url, {})).json()) as { token: string };
    running.service.queueGraphqlFailures(500);
    const renewed = (await (await post(url, { expired: token })).json()) as { token: string };
    expect(renewed.token).toBe(running.service.issuedTokens[1]);
    expect(events.filter((event) => event.type === 'operation')).toEqual([
      expect.objectContaining({ operationName: 'TokenCheck', outcome: 'http-error', status: 500, retry: false }),
    ]);
    expect(running.service.authCalls).toHaveLength(2);
  });
});
