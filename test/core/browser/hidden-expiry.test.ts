import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../../support/documents.js';
import { bearerTokens, clientFor, startService } from '../../support/fixtures.js';

const MINUTE = 60_000;

/**
 * A browser reports a 401 that lacks CORS headers as a network failure. Here the mock service
 * drops the connection instead (`reset`), which a client sees the same way; the Chromium test
 * covers the real CORS case.
 */
async function clientWithTwoHourTokens() {
  const running = await startService({ tokenLifetimeSec: 7_200 });
  let elapsedMs = 0;
  const client = clientFor(running, { now: () => Date.now() + elapsedMs });
  await client.getToken();
  return { service: running.service, client, advance: (ms: number) => (elapsedMs += ms) };
}

describe('a network failure that may hide an expiry answer', () => {
  it('for a token older than the documented hour: one re-authentication and one retry of the query', async () => {
    const { service, client, advance } = await clientWithTwoHourTokens();
    advance(61 * MINUTE); // valid by its exp, but past the hour the service documents
    service.queueGraphqlFailures('reset');

    const result = await client.request(PentestsDocument, { page_size: 2 });

    expect(result.pentests_page.pentests).toHaveLength(2);
    expect(service.authCalls).toHaveLength(2);
    expect(bearerTokens(service)).toEqual(service.issuedTokens);
  });

  it('at exactly the documented hour the token counts as possibly expired: one re-authentication, one retry', async () => {
    const running = await startService({ tokenLifetimeSec: 7_200 });
    let clock = Date.now();
    const client = clientFor(running, { now: () => clock });
    await client.getToken();
    clock = client.store.getState().receivedAt! + 60 * MINUTE;
    running.service.queueGraphqlFailures('reset');

    await client.request(PentestsDocument);

    expect(running.service.authCalls).toHaveLength(2);
    expect(bearerTokens(running.service)).toEqual(running.service.issuedTokens);
  });

  it('for a young token: the network error reaches the caller, with no re-authentication', async () => {
    const { service, client, advance } = await clientWithTwoHourTokens();
    advance(10 * MINUTE);
    service.queueGraphqlFailures('reset');

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(TypeError);
    expect(service.authCalls).toHaveLength(1);
    expect(service.graphqlCalls).toHaveLength(1);
  });

  it('for a mutation: never sent twice, but the next operation gets a new token', async () => {
    const { service, client, advance } = await clientWithTwoHourTokens();
    advance(61 * MINUTE);
    service.queueGraphqlFailures('reset');

    await expect(client.request(PauseOpDocument, { op_id: runningOpId() })).rejects.toBeInstanceOf(TypeError);
    expect(service.graphqlCalls).toHaveLength(1);
    expect(service.appliedMutations).toBe(1);

    await client.request(PentestsDocument);
    expect(service.authCalls).toHaveLength(2);
    expect(bearerTokens(service)).toEqual(service.issuedTokens);
  });

  // How a mutation may be written: the request path must still recognise it after a lost answer.
  it.each([
    ['a string that starts with "mutation"', 'mutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }'],
    ['an indented string, as a template literal gives it', '\n  mutation PauseOp($op_id: String!) {\n    pause_op(op_id: $op_id) { op_id op_state }\n  }\n'],
    ['a string after a comment line', '# pauses a running pentest\nmutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }'],
    [
      'a parsed document with a fragment, as the CLI writes them',
      parse('mutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { ...Op } } fragment Op on OpTab { op_id op_state }'),
    ],
  ])('a mutation given as %s is never sent twice; the fetch error reaches the caller, the next operation gets a new token', async (_label, document) => {
    const { service, client, advance } = await clientWithTwoHourTokens();
    advance(61 * MINUTE);
    service.queueGraphqlFailures('reset');

    const error: unknown = await client.request(document, { op_id: runningOpId() }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TypeError);
    expect(error).toHaveProperty('message', 'fetch failed');
    expect(service.graphqlCalls).toHaveLength(1);
    expect(service.appliedMutations).toBe(1);

    await client.request(PentestsDocument);
    expect(service.authCalls).toHaveLength(2);
    expect(bearerTokens(service)).toEqual(service.issuedTokens);
  });

  it('a second network failure after the retry reaches the caller: one retry at most', async () => {
    const { service, client, advance } = await clientWithTwoHourTokens();
    advance(61 * MINUTE);
    service.queueGraphqlFailures('reset', 'reset');

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(TypeError);
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls).toHaveLength(2);
  });
});
