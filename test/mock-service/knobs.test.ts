// @vitest-environment node
// The mock's knobs (`/__mock/*`) listen on 127.0.0.1, where a page of any site can send a simple
// POST: they take only a request no browser sends cross-site without a preflight, and answer none.
import { createAuthClient } from 'graphql-jwt-auth-react';
import { createMockService } from 'graphql-jwt-auth-react/testing';
import { afterEach, describe, expect, it } from 'vitest';

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A mock on a port with one token issued and used. */
async function mockWithOneToken() {
  const mock = createMockService({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'hi' } }, apiKeys: ['k'] });
  const { baseUrl, regions, close } = await mock.listen();
  closers.push(close);
  const client = createAuthClient({ apiKey: 'k', region: 'us', regions });
  closers.push(() => {
    client.dispose();
  });
  await client.request('{ hello }');
  return { mock, client, knob: `${baseUrl}/__mock/expire-tokens`, baseUrl };
}

const CROSS_SITE_PAGE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

describe('the mock’s knobs and pages of other sites', () => {
  it.each([
    ['text/plain (a fetch in no-cors mode)', { 'content-type': 'text/plain' }],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['no Content-Type', {}],
  ])('a simple POST (%s) expires nothing: 415, no CORS header', async (_what, headers) => {
    const { mock, client, knob } = await mockWithOneToken();

    const answer = await fetch(knob, { method: 'POST', headers: { ...CROSS_SITE_PAGE, ...headers }, body: '{}' });

    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({
      status: 415,
      body: { message: 'Send Content-Type: application/json' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    // The token still holds: the next query is answered with it, no renewal.
    await client.request('{ hello }');
    expect(mock.graphqlCalls.map((call) => call.status)).toEqual([200, 200]);
    expect(mock.authCalls).toHaveLength(1);
  });

  it('answers no preflight for a knob (405, no CORS header), while the service’s own routes keep theirs', async () => {
    const { knob, baseUrl } = await mockWithOneToken();
    const preflight = { ...CROSS_SITE_PAGE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' };

    const toKnob = await fetch(knob, { method: 'OPTIONS', headers: preflight });
    const toAuth = await fetch(`${baseUrl}/v1/auth`, { method: 'OPTIONS', headers: preflight });

    expect({
      status: toKnob.status,
      allowOrigin: toKnob.headers.get('access-control-allow-origin'),
      allowHeaders: toKnob.headers.get('access-control-allow-headers'),
    }).toEqual({
      status: 405,
      allowOrigin: null,
      allowHeaders: null,
    });
    expect({ status: toAuth.status, allowOrigin: toAuth.headers.get('access-control-allow-origin') }).toEqual({ status: 204, allowOrigin: '*' });
  });

  it('a POST with Content-Type: application/json from this machine expires every token; its answer carries no CORS header', async () => {
    const { mock, knob } = await mockWithOneToken();

    const answer = await fetch(knob, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' } });

    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({ status: 200, body: { expired: 1 } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(mock.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toContain('POST /__mock/expire-tokens 200');
  });
});
