import { describe, expect, it } from 'vitest';
import {
  AuthError,
  AuthNetworkError,
  AuthRequestError,
  AuthServerError,
  createAuthClient,
  graphqlProxy,
  InvalidApiKeyError,
  tokenEndpoint,
} from '../../../src/index.js';
import { clientName, PentestsDocument } from '../../support/documents.js';
import { API_KEY, clientFor, startService } from '../../support/fixtures.js';
import { startScriptedServer } from '../../support/scripted-server.js';

describe('errors from /v1/auth', () => {
  it('401: status error with InvalidApiKeyError, and no further /v1/auth call until refresh()', async () => {
    const running = await startService();
    const client = clientFor(running, { apiKey: 'wrong-key' });

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(InvalidApiKeyError);
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null });
    expect(client.store.getState().error).toBeInstanceOf(InvalidApiKeyError);

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(InvalidApiKeyError);
    await expect(client.getToken()).rejects.toBeInstanceOf(InvalidApiKeyError);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(0);

    // The key is accepted server-side now (the region's second key, so the mock tags its data so:
    // `Acme Corp (us) · key 2`); an explicit refresh() is what asks again.
    running.service.addApiKey('wrong-key');
    const token = await client.refresh();
    expect(token).toBe(running.service.issuedTokens[0]);
    expect(running.service.authCalls).toHaveLength(2);
    await expect(client.request(PentestsDocument, { page_size: 1 })).resolves.toMatchObject({
      pentests_page: { pentests: [{ client_name: `${clientName('us')} · key 2` }] },
    });
  });

  it("400: AuthRequestError carrying the server's message, from JSON message, JSON error or plain text", async () => {
    const running = await startService();
    running.service.queueAuthFailures(
      { status: 400, body: '{"message":"key must be 32 chars"}' },
      { status: 400, body: '{"error":"bad json"}' },
      { status: 400, body: 'plain words', contentType: 'text/plain' },
    );
    for (const expected of ['key must be 32 chars', 'bad json', 'plain words']) {
      const client = clientFor(running);
      const error: unknown = await client.getToken().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthRequestError);
      expect(error).toMatchObject({ name: 'AuthRequestError', status: 400 });
      expect((error as Error).message).toContain(expected);
    }
    expect(running.service.authCalls).toHaveLength(3);
  });

  // The error body's shape is not in the contract: a JSON `message`, else a JSON `error`, else the text.
  it.each([
    ['a JSON message', '{"message":"key must be 32 chars"}', 'key must be 32 chars'],
    ['an empty JSON message beside an error', '{"message":"","error":"bad json"}', 'bad json'],
    ['a JSON error', '{"error":"bad json"}', 'bad json'],
    ['an empty JSON error: the text itself', '{"error":""}', '{"error":""}'],
    ['a JSON error that is not a string: the text itself', '{"error":42}', '{"error":42}'],
    ['a JSON object with neither: the text itself', '{}', '{}'],
    ['the JSON null: the text itself', 'null', 'null'],
    ['plain text, trimmed', '  plain words\n', 'plain words'],
    ['an empty body: the status', '', 'HTTP 400'],
    ['a blank body: the status', ' \n ', 'HTTP 400'],
  ])("400 with %s: AuthRequestError saying exactly the server's message", async (_label, body, said) => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 400, body });
    const client = clientFor(running);

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthRequestError);
    expect(error).toHaveProperty('message', `The service's auth endpoint ${running.baseUrl}/v1/auth refused the request (400): ${said}`);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('a long server message is cut to 300 characters after the API key is redacted, so no part of the key is left', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 400, body: `${'x'.repeat(295)}${API_KEY}${'y'.repeat(500)}` });
    const client = clientFor(running);

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthRequestError);
    expect(error).toHaveProperty('message', `The service's auth endpoint ${running.baseUrl}/v1/auth refused the request (400): ${'x'.repeat(295)}[reda`);
  });

  it('5xx: AuthServerError with the status; the next operation after the backoff tries again', async () => {
    const running = await startService();
    running.service.queueAuthFailures(503);
    let clock = Date.now();
    const client = clientFor(running, { now: () => clock });

    await expect(client.request(PentestsDocument)).rejects.toMatchObject({ name: 'AuthServerError', status: 503 });
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null });
    expect(client.store.getState().error).toBeInstanceOf(AuthServerError);

    clock += 1_000; // the first step of the backoff is at most 1 s
    await expect(client.request(PentestsDocument, { page_size: 1 })).resolves.toMatchObject({
      pentests_page: { pentests: [{ client_name: clientName('us') }] },
    });
    expect(running.service.authCalls).toHaveLength(2);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', error: null });
  });

  it.each([
    ['no token field', '{"access_token":"x"}'],
    ['a token that is not a string', '{"token":42}'],
    ['an empty token', '{"token":""}'],
    ['a body that is not JSON', '<html>ok</html>'],
    // Found by test/reliability/fuzz-auth-answers.test.ts: these were stored and sent as is.
    ['the placeholder "null"', '{"token":"null"}'],
    ['a token with a space', '{"token":"a b"}'],
    ['a token with a line break', '{"token":"tok\\n"}'],
    ['a token outside Latin-1 (no valid header)', '{"token":"tok€n"}'],
    ['the JSON null', 'null'],
  ])('200 with %s: AuthServerError, nothing stored', async (_label, body) => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 200, body });
    const client = clientFor(running);

    await expect(client.getToken()).rejects.toMatchObject({
      name: 'AuthServerError',
      status: 200,
      message: 'The auth endpoint failed (200): the answer carries no usable token string',
    });
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null, expiresAt: null });
  });

  it.each([201, 299])('%i with a token: a success like 200, the token used', async (status) => {
    const running = await startService();
    running.service.queueAuthFailures({ status, body: '{"token":"opaque-token"}' });
    const client = clientFor(running);

    await expect(client.getToken()).resolves.toBe('opaque-token');
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: 'opaque-token', error: null });
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('an auth call slower than authTimeoutMs: AuthNetworkError whose cause says how long it waited', async () => {
    const running = await startService();
    running.service.authDelayMs = 1_000;
    const client = clientFor(running, { authTimeoutMs: 50 });

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthNetworkError);
    expect((error as Error).cause).toMatchObject({ name: 'TimeoutError', message: 'No answer within 50 ms' });
  });

  it('an unreachable auth endpoint: AuthNetworkError with the fetch failure as cause', async () => {
    const running = await startService();
    const client = clientFor(running, { regions: { test: 'http://127.0.0.1:1' } });

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthNetworkError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(running.service.authCalls).toHaveLength(0);
  });

  it('every error is an AuthError with its name set and its cause kept, and none carries the API key', () => {
    const cause = new TypeError('boom');
    const errors = [
      new InvalidApiKeyError({ cause }),
      new AuthRequestError(400, 'bad', { cause }),
      new AuthServerError(502, 'down', { cause }),
      new AuthNetworkError('http://127.0.0.1/v1/auth', { cause }),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
      expect(error.cause).toBe(cause);
      expect(String(error)).not.toContain(API_KEY);
    }
  });

  it('a 400 that echoes the API key has the exact message with the key replaced by [redacted]', async () => {
    const server = await startScriptedServer({
      auth: () => ({ status: 400, body: '{"message":"key k-secret-1 is malformed"}' }),
      graphql: () => ({ status: 500, body: '' }),
    });
    const client = createAuthClient({ apiKey: 'k-secret-1', region: 'test', regions: { test: server.baseUrl } });

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthRequestError);
    expect(error).toHaveProperty('message', `The service's auth endpoint ${server.baseUrl}/v1/auth refused the request (400): key [redacted] is malformed`);
    client.dispose();
  });

  it("a token endpoint's 400 (no API key to hide) keeps the server's message exactly and names the app's endpoint", async () => {
    const server = await startScriptedServer({
      auth: () => ({ status: 400, body: '{"message":"no session"}' }),
      graphql: () => ({ status: 500, body: '' }),
    });
    const client = createAuthClient({ tokenEndpoint: tokenEndpoint(`${server.baseUrl}/v1/auth`), regions: { test: server.baseUrl } });

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthRequestError);
    expect(error).toHaveProperty('message', `The app's token endpoint ${server.baseUrl}/v1/auth refused the request (400): no session`);
    client.dispose();
  });

  it.each([
    [
      401,
      '{"error":"not authorized"}',
      "not authorized. The app's authorizeRequest refused this request: sign the user in first, so that their session (a cookie) reaches {url}",
    ],
    [404, '', 'HTTP 404. Nothing answers there: serve createTokenHandler at that URL, or pass its URL to tokenEndpoint()'],
    [403, '{"error":"origin not allowed"}', 'origin not allowed'],
  ])("the app's token endpoint answering %i: the message names that endpoint's URL and what to do", async (status, body, said) => {
    const server = await startScriptedServer({ auth: () => ({ status: 500, body: '' }), graphql: () => ({ status, body }) });
    const url = `${server.baseUrl}/api/token`;
    const client = createAuthClient({ tokenEndpoint: tokenEndpoint(url), regions: { test: server.baseUrl } });

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthRequestError);
    expect(error).toHaveProperty('message', `The app's token endpoint ${url} refused the request (${status}): ${said.replace('{url}', url)}`);
    expect(server.calls.map((call) => call.path)).toEqual(['/api/token']);
    client.dispose();
  });

  it("the app's GraphQL proxy answering 403 with a long body: named with its URL, the body's message cut to 300 characters", async () => {
    const server = await startScriptedServer({
      auth: () => ({ status: 500, body: '' }),
      graphql: () => ({ status: 403, body: JSON.stringify({ error: 'x'.repeat(1000) }) }),
    });
    const url = `${server.baseUrl}/api/graphql`;
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url) });

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthRequestError);
    expect(error).toHaveProperty('message', `The app's GraphQL proxy ${url} refused the request (403): ${'x'.repeat(300)}`);
    client.dispose();
  });
});
