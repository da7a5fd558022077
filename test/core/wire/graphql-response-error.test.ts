import { ClientError } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { createAuthClient, GraphQLResponseError } from '../../../src/index.js';
import { GraphQLResponseError as FromCore } from '../../../src/core/index.js';
import { freshJwt } from '../../support/crafted-jwt.js';
import { PentestsDocument } from '../../support/documents.js';
import { type Scripted, startScriptedServer } from '../../support/scripted-server.js';

async function failureOf(answer: Exclude<Scripted, 'reset'>, document: string | typeof PentestsDocument = PentestsDocument): Promise<unknown> {
  const token = freshJwt();
  const server = await startScriptedServer({
    auth: () => ({ status: 200, body: JSON.stringify({ token }) }),
    graphql: () => answer,
  });
  const client = createAuthClient({ apiKey: 'k', region: 'test', regions: { test: server.baseUrl } });
  try {
    return await client.request(document).catch((error: unknown) => error);
  } finally {
    client.dispose();
  }
}

describe('a GraphQL failure is a GraphQLResponseError that says what failed, and still a ClientError', () => {
  it('names the operation, the first error’s message and path, and the status; the answer stays on response', async () => {
    const errors = [
      { message: 'Not allowed to read client_name', path: ['pentests_page', 'pentests', 0, 'client_name'] },
      { message: 'second' },
      { message: 'third' },
    ];
    const body = JSON.stringify({ data: null, errors });
    const error = await failureOf({ status: 200, body });
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error).toBeInstanceOf(ClientError);
    expect(FromCore).toBe(GraphQLResponseError);
    const failure = error as GraphQLResponseError;
    expect(failure.name).toBe('GraphQLResponseError');
    expect(failure.message).toBe(
      'GraphQL operation Pentests failed (HTTP 200): Not allowed to read client_name at pentests_page.pentests.0.client_name (and 2 more errors; see error.response.errors)',
    );
    expect(failure.operationName).toBe('Pentests');
    expect(failure.response.errors).toEqual(errors);
    expect(failure.response.body).toBe(body);
    expect(failure.message).not.toContain('"response"');
  });

  it('one error without a path: its message and the status, nothing more', async () => {
    const error = await failureOf({ status: 400, body: JSON.stringify({ errors: [{ message: 'Syntax Error: Expected Name' }] }) });
    expect(error).toHaveProperty('message', 'GraphQL operation Pentests failed (HTTP 400): Syntax Error: Expected Name');
  });

  it('a non-2xx without GraphQL errors says so and where to look; an anonymous operation says it has no name', async () => {
    const error = await failureOf({ status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' }, '{ pentests_page { pentests { op_id } } }');
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect(error).toHaveProperty('message', 'An anonymous GraphQL operation failed (HTTP 502) with no GraphQL errors in the answer; see error.response');
    expect(error).toHaveProperty('operationName', undefined);
  });
});
