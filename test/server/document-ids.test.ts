// @vitest-environment node
// The browser's client sending ids (`graphqlProxy(url, { sendDocumentIds: true })`) to a proxy that
// holds the client preset's manifest: what goes over the wire (recorded on the proxy's side), what
// the proxy accepts, and what an old tab gets after a deploy (an id the server's list lost).
import { createHash } from 'node:crypto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  AuthConfigError,
  createAuthClient,
  graphqlProxy,
  GraphQLResponseError,
  OperationNotAllowedError,
  type TypedDocumentNode,
  UnknownOperationIdError,
} from 'graphql-jwt-auth-react/core';
import { graphqlQueryOptions } from 'graphql-jwt-auth-react/query';
import { createGraphQLProxy, type GraphQLProxyOptions, type ServerHandler } from 'graphql-jwt-auth-react/server';
import manifest from '../../examples/typed-documents/src/persisted/gql/persisted-documents.json' with { type: 'json' };
import { ExamplePauseOpMutation, ExamplePentestsQuery } from '../../examples/typed-documents/src/persisted/pentests.js';
import { ExamplePentestsQuery as ExamplePentestsText } from '../../examples/typed-documents/src/persisted-string/pentests.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';
import { hasSession, post, serveHandler, withSession } from './serve-handler.js';

const PENTESTS_ID = 'sha256:c2c4ef1ce1170a4ceb7dbbe89907a884e6d034b1f45fd697742b019f427b07cb';
const PENTESTS_TEXT = manifest[PENTESTS_ID];
const PAUSE_ID = 'sha256:580ae7eaf1b10ec20e138e9e5e35eb722c41041aa9f8095d5c6d95a300adfa41';

/** The proxy with the example's manifest, each browser body recorded as it arrived (the proxy's side of the wire). */
async function listedProxy(running: Running, extra: Partial<GraphQLProxyOptions> = {}) {
  const handler = createGraphQLProxy({
    apiKey: API_KEY,
    region: 'test',
    regions: { test: running.baseUrl },
    authorizeRequest: hasSession,
    operations: manifest,
    logger: { warn: () => undefined, error: () => undefined },
    ...extra,
  });
  const received: unknown[] = [];
  const recording: ServerHandler = Object.assign(
    async (request: Request) => {
      received.push(await request.clone().json());
      return handler(request);
    },
    { ...handler },
  );
  return { url: `${await serveHandler(recording)}/api/graphql`, received, handler };
}

const sentTexts = (running: Running) => running.service.graphqlCalls.map((call) => (JSON.parse(call.body) as { query: string }).query);

/** What the preset's `persistedDocuments: { mode: 'replaceDocumentWithHash' }` emits: the id and the types, no definitions. */
const idOnly = (hash: string) =>
  ({ __meta__: { hash } }) as unknown as TypedDocumentNode<{ pentests_page: { pentests: Array<{ op_id: string }> } }, { page_size?: number }>;

describe('graphqlProxy(url, { sendDocumentIds: true })', () => {
  it("sends a preset document's id, variables and name, no text; the proxy sends the manifest's text upstream", async () => {
    const running = await startService();
    const { url, received } = await listedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url, { sendDocumentIds: true }), fetch: withSession });

    const data = await client.request(ExamplePentestsQuery, { page_size: 2 });

    expect(data.pentests_page.pentests).toHaveLength(2);
    expect(received).toEqual([{ documentId: PENTESTS_ID, variables: { page_size: 2 }, operationName: 'ExamplePentests' }]);
    expect(JSON.stringify(received)).not.toContain('pentests_page');
    expect(sentTexts(running)).toEqual([PENTESTS_TEXT]);
  });

  it("the preset's TypedDocumentString and an id-only document (replaceDocumentWithHash) go by id too; a mutation's variables with it", async () => {
    const running = await startService();
    const { url, received } = await listedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url, { sendDocumentIds: true }), fetch: withSession });

    const { pentests_page } = await client.request(ExamplePentestsText, { page_size: 1 });
    await client.request(idOnly(PENTESTS_ID), { page_size: 1 });
    const opId = pentests_page.pentests[0]!.op_id;
    await client.request(ExamplePauseOpMutation, { op_id: opId });

    expect(received).toEqual([
      { documentId: PENTESTS_ID, variables: { page_size: 1 }, operationName: 'ExamplePentests' },
      // No definitions, so no name to send: the proxy runs the listed document's one operation.
      { documentId: PENTESTS_ID, variables: { page_size: 1 } },
      { documentId: PAUSE_ID, variables: { op_id: opId }, operationName: 'ExamplePauseOp' },
    ]);
    expect(sentTexts(running)).toEqual([PENTESTS_TEXT, PENTESTS_TEXT, manifest[PAUSE_ID]]);
  });

  it("onEvent tells an id-only document's kind from the operation its __meta__ records (the preset's onExecutableDocumentNode), else 'unknown', never 'query' by default", async () => {
    const running = await startService();
    const { url, received } = await listedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url, { sendDocumentIds: true }), fetch: withSession });
    const kinds: string[] = [];
    client.onEvent((event) => {
      if (event.type === 'operation') kinds.push(event.kind);
    });
    /** The id alone, and with what `onExecutableDocumentNode: (node) => ({ operation: node.definitions[0].operation })` adds. */
    const pause = (meta: { operation?: string }) =>
      ({ __meta__: { ...meta, hash: PAUSE_ID } }) as unknown as TypedDocumentNode<{ pause_op: { op_state: string } | null }, { op_id: string }>;

    const { pentests_page } = await client.request(ExamplePentestsQuery, { page_size: 20 });
    const [first, second, third] = pentests_page.pentests.filter((pentest) => pentest.state === 'running').map((pentest) => pentest.op_id);
    await client.request(idOnly(PENTESTS_ID), { page_size: 1 });
    await client.request(pause({}), { op_id: first! });
    await client.request(pause({ operation: 'mutation' }), { op_id: second! });
    await client.request({ __meta__: { operation: 'query', hash: PENTESTS_ID } } as unknown as typeof ExamplePentestsQuery, { page_size: 1 });
    await client.request(ExamplePauseOpMutation, { op_id: third! });

    expect(kinds).toEqual(['query', 'unknown', 'unknown', 'mutation', 'query', 'mutation']);
    expect(received.map((body) => (body as { documentId: string }).documentId)).toEqual([PENTESTS_ID, PENTESTS_ID, PAUSE_ID, PAUSE_ID, PENTESTS_ID, PAUSE_ID]);
  });

  it('the hooks retry an id-only query after a transient failure only when its __meta__ records a query: by its id alone it may be a mutation, sent once', async () => {
    const running = await startService();
    const { url, received } = await listedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url, { sendDocumentIds: true }), fetch: withSession });
    const queryClient = new QueryClient();
    const recordedQuery = { __meta__: { operation: 'query', hash: PENTESTS_ID } } as unknown as ReturnType<typeof idOnly>;
    running.service.queueGraphqlFailures(503, 503);

    const failed: unknown = await queryClient
      .query(graphqlQueryOptions(client, idOnly(PENTESTS_ID), { page_size: 1 }, { retry: 1, retryDelay: 0 }))
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ response: { status: 503 } });
    expect(received).toHaveLength(1);

    const data = await queryClient.query(graphqlQueryOptions(client, recordedQuery, { page_size: 1 }, { retry: 1, retryDelay: 0 }));
    expect(data.pentests_page.pentests).toHaveLength(1);
    expect(received).toHaveLength(3);
  });

  it('a document without an id still goes as its text', async () => {
    const running = await startService();
    const { url, received } = await listedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url, { sendDocumentIds: true }), fetch: withSession });

    await client.request(PENTESTS_TEXT, { page_size: 1 });

    expect(received).toEqual([{ query: PENTESTS_TEXT, variables: { page_size: 1 }, operationName: 'ExamplePentests' }]);
  });

  it('without the option every document goes as text, and an id-only one fails before anything is sent: it has no text', async () => {
    const running = await startService();
    const { url, received } = await listedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url), fetch: withSession });

    // The text as written is not the manifest's (the preset prints its own): refused as unlisted.
    const refused: unknown = await client.request(ExamplePentestsText, { page_size: 1 }).catch((error: unknown) => error);
    const failed: unknown = await client.request(idOnly(PENTESTS_ID)).catch((error: unknown) => error);

    expect(received).toEqual([{ query: String(ExamplePentestsText), variables: { page_size: 1 }, operationName: 'ExamplePentests' }]);
    expect(refused).toMatchObject({ name: 'OperationNotAllowedError', reason: 'unlisted_text' });
    expect(failed).toBeInstanceOf(AuthConfigError);
    expect(failed).toMatchObject({ code: 'GJA_ID_ONLY_DOCUMENT', message: expect.stringContaining('sendDocumentIds: true') as string });
  });

  it('sendDocumentIds that is no boolean is refused when the mode is made', () => {
    expect(() => graphqlProxy('/api/graphql', { sendDocumentIds: 'yes' as unknown as boolean })).toThrow(AuthConfigError);
  });
});

describe("the proxy takes both wire forms of an id against the preset's manifest (its keys carry sha256:)", () => {
  const bare = PENTESTS_ID.slice('sha256:'.length);
  it.each([
    ['documentId as the preset writes it', { documentId: PENTESTS_ID }],
    ['documentId, bare hash', { documentId: bare }],
    ["Apollo's and urql's persistedQuery.sha256Hash (bare)", { extensions: { persistedQuery: { version: 1, sha256Hash: bare } } }],
    ['persistedQuery with the listed text', { query: PENTESTS_TEXT, extensions: { persistedQuery: { version: 1, sha256Hash: bare } } }],
  ])('%s: the manifest’s text goes upstream', async (_name, body) => {
    const running = await startService();
    const { url } = await listedProxy(running);

    const answer = await post(url, { ...body, variables: { page_size: 1 } });

    expect(answer.status).toBe(200);
    expect(sentTexts(running)).toEqual([PENTESTS_TEXT]);
    // The hash is the text's: the manifest and Apollo's hashing agree.
    expect(createHash('sha256').update(PENTESTS_TEXT).digest('hex')).toBe(bare);
  });
});

describe('an old tab after a deploy: an id the server’s list no longer holds', () => {
  const STALE = idOnly(`sha256:${'0'.repeat(64)}`);

  it('UnknownOperationIdError once: nothing retried, nothing upstream, not even /v1/auth; the user is not signed out and the next operation goes', async () => {
    const running = await startService();
    const { url, received, handler } = await listedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url, { sendDocumentIds: true }), fetch: withSession });

    const failed: unknown = await client.request(STALE).catch((error: unknown) => error);

    expect(failed).toBeInstanceOf(UnknownOperationIdError);
    expect(failed).toBeInstanceOf(OperationNotAllowedError);
    // Still the GraphQL error such an answer always was, with the proxy's answer on it.
    expect(failed).toBeInstanceOf(GraphQLResponseError);
    expect(failed).toMatchObject({ name: 'UnknownOperationIdError', reason: 'unknown_id', response: { status: 403 } });
    expect((failed as GraphQLResponseError).response.errors?.[0]?.extensions).toEqual({ code: 'OPERATION_NOT_ALLOWED', reason: 'unknown_id' });
    expect(received).toHaveLength(1);
    expect(running.service.authCalls).toHaveLength(0);
    expect(running.service.graphqlCalls).toHaveLength(0);
    expect(handler.status()).toMatchObject({ refusedOperations: 1 });
    expect(client.store.getState()).toMatchObject({ error: null });

    await expect(client.request(ExamplePentestsQuery, { page_size: 1 })).resolves.toMatchObject({ pentests_page: expect.any(Object) as object });
    expect(received).toHaveLength(2);
  });

  it('a query of the hooks (React Query retrying 3 times) sends it once: the error is not worth a retry', async () => {
    const running = await startService();
    const { url, received } = await listedProxy(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url, { sendDocumentIds: true }), fetch: withSession });
    const queryClient = new QueryClient();

    // retry as the hooks apply it: up to 3 times, for failures worth a retry.
    const failed: unknown = await queryClient.query(graphqlQueryOptions(client, STALE, {}, { retry: 3, retryDelay: 0 })).catch((error: unknown) => error);

    expect(failed).toBeInstanceOf(UnknownOperationIdError);
    expect(received).toHaveLength(1);
  });

  it('a listed operation authorizeOperation refuses is an OperationNotAllowedError, not the reload one', async () => {
    const running = await startService();
    const { url } = await listedProxy(running, { authorizeOperation: (_request, operation) => operation.type === 'query' });
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url, { sendDocumentIds: true }), fetch: withSession });

    const failed: unknown = await client.request(ExamplePauseOpMutation, { op_id: 'x' }).catch((error: unknown) => error);

    expect(failed).toBeInstanceOf(OperationNotAllowedError);
    expect(failed).not.toBeInstanceOf(UnknownOperationIdError);
    expect(failed).toMatchObject({ reason: 'not_authorized', response: { status: 403 } });
    expect(running.service.graphqlCalls).toHaveLength(0);
  });
});
