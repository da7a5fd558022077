import type { DocumentNode } from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../src/index.js';
import { freshJwt } from '../../support/crafted-jwt.js';
import { PentestsDocument } from '../../support/documents.js';
import { type Scripted, startScriptedServer } from '../../support/scripted-server.js';

/** What a caller can read off a ClientError's response besides status, headers and body. */
function graphqlFields(error: ClientError): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { status, headers, body, ...fields } = error.response;
  return fields;
}

const ERRORS = [{ message: 'boom' }];
// graphql-request, untyped: its typed overload wants the variables this query leaves out.
const PENTESTS: DocumentNode = PentestsDocument;

describe('an answer with GraphQL errors or a non-2xx status is the ClientError graphql-request itself gives', () => {
  it.each<[label: string, answer: Exclude<Scripted, 'reset'>, fields: Record<string, unknown>]>([
    // graphql-request drops a result it cannot read: the error carries status, headers and body only.
    ['a 400 batch with a number in it', { status: 400, body: '[1]' }, {}],
    ['a 400 batch with null in it', { status: 400, body: '[null]' }, {}],
    ['a 400 whose errors are a string', { status: 400, body: '{"errors":"bad"}' }, {}],
    ['a 400 whose extensions are a number', { status: 400, body: JSON.stringify({ errors: ERRORS, extensions: 5 }) }, {}],
    ['a 500 with GraphQL errors under text/plain', { status: 500, body: JSON.stringify({ errors: ERRORS }), contentType: 'text/plain' }, {}],
    ['a 500 with GraphQL errors and no content type', { status: 500, body: JSON.stringify({ errors: ERRORS }), contentType: null }, {}],
    // Read: under a JSON content type, or any 2xx.
    [
      'a 400 with GraphQL errors under application/graphql-response+json',
      { status: 400, body: JSON.stringify({ errors: ERRORS }), contentType: 'application/graphql-response+json; charset=utf-8' },
      { errors: ERRORS },
    ],
    [
      'a 200 with errors and extensions',
      { status: 200, body: JSON.stringify({ data: null, errors: ERRORS, extensions: { cost: 1 } }) },
      { data: null, errors: ERRORS, extensions: { cost: 1 } },
    ],
    [
      'a 502 batch, spread by index',
      { status: 502, body: JSON.stringify([{ errors: ERRORS }, { data: { x: 1 } }]) },
      { 0: { errors: ERRORS }, 1: { data: { x: 1 } } },
    ],
  ])('%s', async (_label, answer, fields) => {
    const token = freshJwt();
    const server = await startScriptedServer({
      auth: () => ({ status: 200, body: JSON.stringify({ token }) }),
      graphql: () => answer,
    });
    const client = createAuthClient({ apiKey: 'k', region: 'test', regions: { test: server.baseUrl } });
    const bare = new GraphQLClient(`${server.baseUrl}/v1/graphql`, { headers: { authorization: `Bearer ${token}` } });

    const ours: unknown = await client.request(PentestsDocument).catch((error: unknown) => error);
    const theirs: unknown = await bare.request(PENTESTS).catch((error: unknown) => error);

    expect(ours).toBeInstanceOf(ClientError);
    expect(theirs).toBeInstanceOf(ClientError);
    const [our, their] = [ours as ClientError, theirs as ClientError];
    expect(graphqlFields(our)).toEqual(fields);
    // The message is the library's own (test/core/wire/graphql-response-error.test.ts); the rest is theirs.
    expect({ keys: Object.keys(our.response), fields: graphqlFields(our), request: our.request }).toEqual({
      keys: Object.keys(their.response),
      request: their.request,
      fields: graphqlFields(their),
    });
    expect([our.response.status, our.response.body, our.response.headers.get('content-type')]).toEqual([
      answer.status,
      answer.body,
      their.response.headers.get('content-type'),
    ]);
    expect(server.calls.filter((call) => call.path === '/v1/graphql')).toHaveLength(2); // one each: ours not sent again
    client.dispose();
  });
});
