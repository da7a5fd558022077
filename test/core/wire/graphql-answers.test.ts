import { ClientError } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { createAuthClient, InvalidGraphQLResponseError } from '../../../src/index.js';
import { freshJwt } from '../../support/crafted-jwt.js';
import { PentestsDocument } from '../../support/documents.js';
import { startScriptedServer } from '../../support/scripted-server.js';

async function answering(body: string, contentType = 'application/json') {
  const server = await startScriptedServer({
    auth: () => ({ status: 200, body: JSON.stringify({ token: freshJwt() }) }),
    graphql: () => ({ status: 200, body, contentType }),
  });
  const client = createAuthClient({ apiKey: 'k', region: 'test', regions: { test: server.baseUrl } });
  return { server, client };
}

describe('2xx GraphQL answers that are not a GraphQL result', () => {
  // Found by test/reliability/fuzz-graphql-answers.test.ts: these resolved `undefined` or threw a bare Error.
  it.each([
    ['an empty object', '{}'],
    ['a near miss of a gateway answer', '{"message":"Access Denied"}'],
    ['an HTML page', '<html><body>Bad gateway</body></html>'],
    ['an empty body', ''],
    ['data that is not an object', '{"data":5}'],
    ['no data and an empty errors list', '{"errors":[]}'],
    ['a batch', '[{"data":{}}]'],
    ['data that is not an object beside errors', '{"data":"x","errors":[{"message":"boom"}]}'],
    ['extensions that are not an object', '{"data":{"items":[]},"extensions":5}'],
  ])('%s: InvalidGraphQLResponseError with the status, sent once, no re-auth', async (_label, body) => {
    const { server, client } = await answering(body);

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(InvalidGraphQLResponseError);
    expect(error).toMatchObject({ name: 'InvalidGraphQLResponseError', status: 200 });
    expect(server.calls.map((call) => call.path)).toEqual(['/v1/auth', '/v1/graphql']);
    client.dispose();
  });

  it('a GraphQL result under a text/plain content type is still read as data', async () => {
    const { client } = await answering('{"data":{"items":[{"id":"1","title":"a","region":"us"}]}}', 'text/plain');

    await expect(client.request(PentestsDocument)).resolves.toEqual({ items: [{ id: '1', title: 'a', region: 'us' }] });
    client.dispose();
  });
});

describe('2xx GraphQL results', () => {
  it('data beside an empty errors list is data', async () => {
    const { server, client } = await answering('{"data":{"items":[]},"errors":[]}');

    await expect(client.request(PentestsDocument)).resolves.toEqual({ items: [] });
    expect(server.calls.map((call) => call.path)).toEqual(['/v1/auth', '/v1/graphql']);
    client.dispose();
  });

  it('data beside GraphQL errors is a ClientError carrying both, sent once', async () => {
    const { server, client } = await answering('{"data":{"items":[]},"errors":[{"message":"partial failure"}]}');

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).response).toMatchObject({ status: 200, data: { items: [] }, errors: [{ message: 'partial failure' }] });
    expect(server.calls.map((call) => call.path)).toEqual(['/v1/auth', '/v1/graphql']);
    client.dispose();
  });

  it.each([
    ['errors without data', '{"errors":[{"message":"boom"}]}', undefined],
    ['errors beside null data', '{"data":null,"errors":[{"message":"boom"}]}', null],
  ])('%s: a ClientError carrying the errors, sent once', async (_label, body, data) => {
    const { server, client } = await answering(body);

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).response).toMatchObject({ status: 200, errors: [{ message: 'boom' }] });
    expect((error as ClientError).response.data).toBe(data);
    expect(server.calls.map((call) => call.path)).toEqual(['/v1/auth', '/v1/graphql']);
    client.dispose();
  });

  it('data beside an extensions object is data', async () => {
    const { client } = await answering('{"data":{"items":[]},"extensions":{"cost":1}}');

    await expect(client.request(PentestsDocument)).resolves.toEqual({ items: [] });
    client.dispose();
  });
});
