// @vitest-environment node
// The Origin check: the request's own origin comes from its URL and Host; a proxy's X-Forwarded-Host
// and -Proto count only with trustForwardedHeaders, since without a proxy that sets them any client can.
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, createTokenHandler, type ServerHandler } from '../../src/server/index.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { hasSession, SESSION_COOKIE } from './serve-handler.js';

const query = JSON.stringify({ query: '{ __typename }' });

function ask(handler: ServerHandler, headers: Record<string, string>): Promise<Response> {
  // As a framework rebuilds it: an internal URL, the browser's Host and Origin as sent.
  return handler(
    new Request('http://localhost:3000/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: SESSION_COOKIE, ...headers },
      body: query,
    }),
  );
}

describe('trustForwardedHeaders', () => {
  it('off (the default): X-Forwarded-Host and -Proto name no origin; Host does', async () => {
    const running = await startService();
    for (const create of [createGraphQLProxy, createTokenHandler]) {
      const handler = create({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession });
      const forwarded = await ask(handler, { origin: 'https://app.example.com', 'x-forwarded-host': 'app.example.com', 'x-forwarded-proto': 'https' });
      expect(forwarded.status).toBe(403);
      expect(await forwarded.json()).toEqual({ error: 'origin not allowed' });
      expect((await ask(handler, { origin: 'https://app.example.com', host: 'app.example.com' })).status).not.toBe(403);
      handler.dispose();
    }
  });

  it('on: the forwarded host and protocol name the own origin; a forwarded protocol that differs does not', async () => {
    const running = await startService();
    const handler = createGraphQLProxy({
      apiKey: API_KEY,
      region: 'test',
      regions: { test: running.baseUrl },
      authorizeRequest: hasSession,
      trustForwardedHeaders: true,
    });
    const forwarded = await ask(handler, { origin: 'https://app.example.com', 'x-forwarded-host': 'app.example.com', 'x-forwarded-proto': 'https' });
    expect(forwarded.status).toBe(200);
    expect(await forwarded.json()).toEqual({ data: { __typename: 'Query' } });
    expect((await ask(handler, { origin: 'http://app.example.com', 'x-forwarded-host': 'app.example.com', 'x-forwarded-proto': 'https' })).status).toBe(403);
    expect((await ask(handler, { origin: 'https://evil.example', 'x-forwarded-host': 'app.example.com' })).status).toBe(403);
    handler.dispose();
  });

  it('the request URL’s own origin passes whatever Host says', async () => {
    const running = await startService();
    const handler = createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession });
    expect((await ask(handler, { origin: 'http://localhost:3000', host: 'internal.example' })).status).toBe(200);
    expect((await ask(handler, { origin: 'http://localhost:3001', host: 'internal.example' })).status).toBe(403);
    handler.dispose();
  });

  it('on, behind a chain of proxies: the first forwarded host and protocol count, spaces trimmed; a host without a protocol counts alone', async () => {
    const running = await startService();
    const handler = createGraphQLProxy({
      apiKey: API_KEY,
      region: 'test',
      regions: { test: running.baseUrl },
      authorizeRequest: hasSession,
      trustForwardedHeaders: true,
    });
    const chained = { origin: 'https://app.example.com', 'x-forwarded-host': 'app.example.com , lb.internal', 'x-forwarded-proto': 'https , http' };
    expect((await ask(handler, chained)).status).toBe(200);
    expect((await ask(handler, { origin: 'http://app.example.com', 'x-forwarded-host': 'app.example.com' })).status).toBe(200);
    expect((await ask(handler, { origin: 'https://lb.internal', 'x-forwarded-host': 'app.example.com , lb.internal' })).status).toBe(403);
    handler.dispose();
  });

  it('takes only true or false', async () => {
    const running = await startService();
    expect(() =>
      createGraphQLProxy({
        apiKey: API_KEY,
        region: 'test',
        regions: { test: running.baseUrl },
        authorizeRequest: hasSession,
        trustForwardedHeaders: 'yes' as unknown as boolean,
      }),
    ).toThrow(/trustForwardedHeaders must be true or false/);
  });
});
