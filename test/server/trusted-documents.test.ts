// @vitest-environment node
// The proxy given the app's list of operations (`operations`): only the list's texts reach the
// service, asked for by id (`documentId`, or Apollo's `extensions.persistedQuery.sha256Hash`) or by
// the exact text; everything else is answered 403 OPERATION_NOT_ALLOWED before the service sees it,
// counted, and logged in one bounded line that names the id and the name, never the text.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClientError } from 'graphql-request';
import { AuthConfigError, createAuthClient, graphqlProxy, OperationNotAllowedError } from '../../src/index.js';
import { createGraphQLProxy, type GraphQLProxyOptions, type OperationFacts, type TenantGraphQLProxyOptions } from '../../src/server/index.js';
import { runningOpId } from '../support/documents.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';
import { hasSession, post, SESSION_COOKIE, serveHandler, withSession } from './serve-handler.js';

const COUNT = 'query Count { pentests_count }';
const ACCOUNT = 'query Account { session_user_account { uuid name } }';
const PAUSE = 'mutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }';
const TWO = 'query First { pentests_count } query Second { session_user_account { uuid } }';

/** The client preset's manifest: each text under its SHA-256 hash. */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MANIFEST: Record<string, string> = Object.fromEntries([COUNT, ACCOUNT, PAUSE, TWO].map((text) => [sha256(text), text]));

function recordingLogger() {
  const lines: string[] = [];
  return { lines, logger: { warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) } };
}

function listedProxy(running: Running, extra: Partial<GraphQLProxyOptions> = {}) {
  return createGraphQLProxy({
    apiKey: API_KEY,
    region: 'test',
    regions: { test: running.baseUrl },
    authorizeRequest: hasSession,
    operations: MANIFEST,
    ...extra,
  });
}

async function served(running: Running, extra: Partial<GraphQLProxyOptions> = {}) {
  const { lines, logger } = recordingLogger();
  const handler = listedProxy(running, { logger, ...extra });
  return { url: `${await serveHandler(handler)}/api/graphql`, handler, lines };
}

const sentTexts = (running: Running) => running.service.graphqlCalls.map((call) => (JSON.parse(call.body) as { query: string }).query);

async function refusal(answer: Response) {
  expect(answer.status).toBe(403);
  const body = (await answer.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
  expect(body.errors[0]?.extensions.code).toBe('OPERATION_NOT_ALLOWED');
  return body.errors[0]!.message;
}

describe('createGraphQLProxy({ operations }): what it sends', () => {
  it('by documentId, with or without the sha256: prefix, by persistedQuery hash with or without the text, and by the exact text: the list’s text goes upstream', async () => {
    const running = await startService();
    const { url } = await served(running);
    const id = sha256(COUNT);
    const bodies = [
      { documentId: id },
      { documentId: `sha256:${id}` },
      { extensions: { persistedQuery: { version: 1, sha256Hash: id } } },
      { query: COUNT, extensions: { persistedQuery: { version: 1, sha256Hash: id } } },
      { documentId: id, query: COUNT, operationName: 'Count' },
      { query: COUNT },
    ];
    for (const body of bodies) {
      const answer = await post(url, body);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: { pentests_count: number } }).data.pentests_count).toBeTypeOf('number');
    }
    expect(sentTexts(running)).toEqual(bodies.map(() => COUNT));
    expect(running.service.graphqlCalls.map((call) => call.operationName)).toEqual(bodies.map(() => 'Count'));
  });

  it('variables go with the listed text; a document of two operations runs the one named', async () => {
    const running = await startService();
    const { url } = await served(running);
    const opId = runningOpId();

    const paused = await post(url, { documentId: sha256(PAUSE), variables: { op_id: opId } });
    const second = await post(url, { documentId: sha256(TWO), operationName: 'Second' });

    expect(paused.status).toBe(200);
    expect(((await paused.json()) as { data: { pause_op: { op_id: string } } }).data.pause_op.op_id).toBe(opId);
    expect(((await second.json()) as { data: { session_user_account: { uuid: string } } }).data.session_user_account.uuid).toBeTypeOf('string');
    expect(running.service.graphqlCalls.map((call) => [call.operationName, JSON.parse(call.body) as unknown])).toEqual([
      ['PauseOp', { query: PAUSE, variables: { op_id: opId }, operationName: 'PauseOp' }],
      ['Second', { query: TWO, operationName: 'Second' }],
    ]);
  });
});

describe('createGraphQLProxy({ operations }): an anonymous operation on the list', () => {
  const ANONYMOUS = '{ pentests_count }';

  it('runs by its id or its text with no operationName upstream; authorizeOperation is told its name is null', async () => {
    const running = await startService();
    const told: OperationFacts[] = [];
    const { url } = await served(running, {
      operations: { ...MANIFEST, [sha256(ANONYMOUS)]: ANONYMOUS },
      authorizeOperation: (_request, operation) => {
        told.push(operation);
        return true;
      },
    });

    const answers = [await post(url, { documentId: sha256(ANONYMOUS) }), await post(url, { query: ANONYMOUS })];

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: { pentests_count: number } }).data.pentests_count).toBeTypeOf('number');
    }
    expect(running.service.graphqlCalls.map((call) => JSON.parse(call.body) as unknown)).toEqual([{ query: ANONYMOUS }, { query: ANONYMOUS }]);
    expect(told).toEqual([
      { operationName: null, type: 'query', id: sha256(ANONYMOUS) },
      { operationName: null, type: 'query', id: sha256(ANONYMOUS) },
    ]);
  });
});

describe('createGraphQLProxy({ operations }): what it refuses before the service sees it', () => {
  const refused: Array<[string, unknown]> = [
    ['an unknown id', { documentId: sha256('query Other { pentests_count }') }],
    ['an unknown persistedQuery hash', { extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } }],
    ['a known id with other text', { documentId: sha256(COUNT), query: 'mutation { pause_op(op_id: "x") { op_id } }' }],
    ['a known hash with the listed text plus a space', { query: `${COUNT} `, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(COUNT) } } }],
    ['two ids naming two operations', { documentId: sha256(COUNT), extensions: { persistedQuery: { version: 1, sha256Hash: sha256(PAUSE) } } }],
    ['text not on the list', { query: 'query Count { pentests_count pentests_page { pentests { op_id } } }' }],
    ['a listed text with another comment', { query: `# hi\n${COUNT}` }],
    ['a batch of listed operations', [{ documentId: sha256(COUNT) }, { documentId: sha256(ACCOUNT) }]],
    ['a listed id with an operation name its document does not hold', { documentId: sha256(COUNT), operationName: 'PauseOp' }],
    ['a document of two operations with none named', { documentId: sha256(TWO) }],
    ['introspection, not allowed by default', { query: '{ __schema { queryType { name } } }' }],
    ['an id of a megabyte', { documentId: 'a'.repeat(1024 * 1024 - 100) }],
  ];

  it.each(refused)('%s: 403 OPERATION_NOT_ALLOWED, nothing upstream, not even /v1/auth', async (_name, body) => {
    const running = await startService();
    const { url } = await served(running, { maxBodyBytes: 2 * 1024 * 1024 });

    await refusal(await post(url, body));

    expect(running.service.graphqlCalls).toEqual([]);
    expect(running.service.authCalls).toEqual([]);
  });

  it('a GET is refused (405, as every GET is) and a body that is no GraphQL request is 400: nothing upstream', async () => {
    const running = await startService();
    const { url } = await served(running);

    const get = await fetch(`${url}?documentId=${sha256(COUNT)}`, { headers: { cookie: SESSION_COOKIE } });
    const shapeless = await post(url, { documentId: 42 });
    const empty = await post(url, { variables: {} });

    expect([get.status, shapeless.status, empty.status]).toEqual([405, 400, 400]);
    const BAD_REQUEST = { errors: [{ message: 'Send {"documentId" or "query", "variables"?, "operationName"?}', extensions: { code: 'BAD_REQUEST' } }] };
    expect([await shapeless.json(), await empty.json()]).toEqual([BAD_REQUEST, BAD_REQUEST]);
    expect(running.service.graphqlCalls).toEqual([]);
  });

  it('each refusal: one log line with the reason, the id and the name, cut to 100 characters, never the text; counted in status()', async () => {
    const running = await startService();
    const { url, handler, lines } = await served(running);
    const secretText = 'mutation LaunchEverything { start_pentest(input: {}) { op_id } }';

    await refusal(await post(url, { query: secretText, operationName: 'LaunchEverything' }));
    await refusal(await post(url, { documentId: 'x'.repeat(5000), operationName: 'N'.repeat(500) }));
    await refusal(await post(url, { documentId: 'y'.repeat(100), operationName: 'M'.repeat(100) }));
    expect((await post(url, { documentId: sha256(COUNT) })).status).toBe(200);

    expect(lines).toEqual([
      'graphql-jwt-auth-react: refused an operation (unlisted_text): id none, name "LaunchEverything"; answered 403',
      `graphql-jwt-auth-react: refused an operation (unknown_id): id "${'x'.repeat(100)}…", name "${'N'.repeat(100)}…"; answered 403`,
      // 100 characters are the whole value: nothing cut, no ellipsis.
      `graphql-jwt-auth-react: refused an operation (unknown_id): id "${'y'.repeat(100)}", name "${'M'.repeat(100)}"; answered 403`,
    ]);
    expect(lines.join('\n')).not.toContain('start_pentest');
    expect(handler.status()).toEqual({ state: 'ok', since: expect.any(Number) as number, code: null, refusedOperations: 3 });
    expect(await handler.ready()).toEqual(handler.status());
  });

  it('allowIntrospection lets unlisted introspection-only queries through, and nothing that only looks like one', async () => {
    const running = await startService();
    const { url } = await served(running, { allowIntrospection: true });
    const introspection = ['{ __schema { queryType { name } } }', 'query Types { __type(name: "Query") { name } __typename }'];
    const disguised = [
      '{ __typename pentests_count }',
      '{ ... on Query { pentests_count } }',
      '{ ...F } fragment F on Query { pentests_count }',
      'mutation { __typename }',
      '{ __schema { queryType { name } } } mutation M { pause_op(op_id: "x") { op_id } }',
      '{ __schema { queryType { name } }',
    ];

    for (const query of introspection) expect((await post(url, { query })).status).toBe(200);
    for (const query of disguised) await refusal(await post(url, { query }));

    expect(sentTexts(running)).toEqual(introspection);
  });
});

describe('createGraphQLProxy({ operations, authorizeOperation })', () => {
  const ADMIN_COOKIE = 'session=admin';
  const isAdmin = (request: Request) => request.headers.get('cookie') === ADMIN_COOKIE;

  it.each([
    ['answering at once', (request: Request, operation: OperationFacts) => operation.type !== 'mutation' || isAdmin(request)],
    ['answering with a promise', (request: Request, operation: OperationFacts) => Promise.resolve(operation.type !== 'mutation' || isAdmin(request))],
  ])('%s: only an admin’s session runs the mutation; it is told the list’s facts, not the browser’s', async (_name, decide) => {
    const running = await startService();
    const told: OperationFacts[] = [];
    const { url, handler, lines } = await served(running, {
      authorizeRequest: (request) => hasSession(request) || isAdmin(request),
      authorizeOperation: (request, operation) => {
        told.push(operation);
        return decide(request, operation);
      },
    });
    const pause = { documentId: sha256(PAUSE), variables: { op_id: runningOpId() } };

    const message = await refusal(await post(url, pause));
    const byAdmin = await post(url, pause, { cookie: ADMIN_COOKIE });
    const query = await post(url, { query: COUNT });

    expect(message).toBe('This user may not run this operation');
    expect([byAdmin.status, query.status]).toEqual([200, 200]);
    expect(running.service.graphqlCalls.map((call) => call.operationName)).toEqual(['PauseOp', 'Count']);
    expect(told).toEqual([
      { operationName: 'PauseOp', type: 'mutation', id: sha256(PAUSE) },
      { operationName: 'PauseOp', type: 'mutation', id: sha256(PAUSE) },
      { operationName: 'Count', type: 'query', id: sha256(COUNT) },
    ]);
    expect(handler.status().refusedOperations).toBe(1);
    // The operator reads which listed operation was refused: the list's id and name, though the browser sent no name.
    expect(lines).toEqual([`graphql-jwt-auth-react: refused an operation (not_authorized): id "${sha256(PAUSE)}", name "PauseOp"; answered 403`]);
  });
});

describe('createGraphQLProxy({ operations }): the proxy’s guarantees hold with the list on', () => {
  it('an expired token is renewed and the listed operation retried once: 1 more /v1/auth, no expired answer reaches the browser', async () => {
    const running = await startService();
    const { url } = await served(running);
    expect((await post(url, { documentId: sha256(COUNT) })).status).toBe(200);

    running.service.expireTokensNow();
    const answer = await post(url, { documentId: sha256(ACCOUNT) });

    expect(answer.status).toBe(200);
    expect(running.service.authCalls).toHaveLength(2);
    expect(sentTexts(running)).toEqual([COUNT, ACCOUNT, ACCOUNT]);
    expect(running.service.graphqlCalls.map((call) => call.expired)).toEqual([false, true, false]);
  });

  it('with a credentials resolver: each tenant’s key serves its listed operations, refusals reach no tenant’s service and are counted in the pool’s status()', async () => {
    const running = await startService({ apiKeys: [API_KEY, 'other-key'] });
    const credentials: TenantGraphQLProxyOptions['credentials'] = (request) => {
      const tenant = request.headers.get('x-tenant');
      return tenant === null ? null : { apiKey: tenant === 'a' ? API_KEY : 'other-key', region: 'test' };
    };
    const handler = createGraphQLProxy({
      credentials,
      regions: { test: running.baseUrl },
      operations: new Map(Object.entries(MANIFEST)),
      logger: recordingLogger().logger,
    });
    const url = `${await serveHandler(handler)}/api/graphql`;

    const answers = await Promise.all([
      post(url, { documentId: sha256(COUNT) }, { 'x-tenant': 'a' }),
      post(url, { documentId: sha256(COUNT) }, { 'x-tenant': 'b' }),
      post(url, { query: 'query Count { pentests_count }  ' }, { 'x-tenant': 'b' }),
      post(url, { documentId: sha256(COUNT) }),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 403, 401]);
    expect(running.service.authCalls).toHaveLength(2);
    expect(sentTexts(running)).toEqual([COUNT, COUNT]);
    expect(handler.status()).toEqual({ sessions: 2, ok: 2, degraded: 0, failing: 0, refusedOperations: 1 });
    expect(handler.status({ apiKey: API_KEY, region: 'test' })).toEqual({ state: 'ok', since: expect.any(Number) as number, code: null });
    // A pool has no ready() (its type has none), list or not: a probe that looks for one finds none, not one that throws.
    expect('ready' in handler).toBe(false);
  });

  it('the body limit comes first: a body over maxBodyBytes is 413 whatever it asks for', async () => {
    const running = await startService();
    const { url } = await served(running, { maxBodyBytes: 1024 });

    const answer = await post(url, { documentId: sha256(COUNT), variables: { padding: 'x'.repeat(2000) } });

    expect(answer.status).toBe(413);
    expect(running.service.graphqlCalls).toEqual([]);
  });
});

describe('createGraphQLProxy({ operations }): a list of any size', () => {
  it('200,000 operations are taken at start-up (the longest id and text found by a fold, not a spread that overflows the stack)', async () => {
    const running = await startService();
    const operations = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`id${String(i)}`, `query Q${String(i)} { pentests_count }`]));
    const { url } = await served(running, { operations });

    const answer = await post(url, { documentId: 'sha256:id199999' });

    expect(answer.status).toBe(200);
    expect(sentTexts(running)).toEqual(['query Q199999 { pentests_count }']);
  }, 60_000);
});

describe('createGraphQLProxy({ operations }): each refusal says its reason', () => {
  it.each([
    ['unknown_id', 'two ids that disagree', { documentId: sha256(COUNT), extensions: { persistedQuery: { version: 1, sha256Hash: sha256(ACCOUNT) } } }],
    ['other_text', 'a known id with other text', { documentId: sha256(COUNT), query: ACCOUNT }],
    ['other_operation', 'a document of two operations with none named', { documentId: sha256(TWO) }],
    ['other_operation', 'a listed id with a name its document does not hold', { documentId: sha256(COUNT), operationName: 'Account' }],
  ])('%s: %s', async (reason, _name, body) => {
    const running = await startService();
    const { url, lines } = await served(running);

    const answer = await post(url, body);

    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { errors: Array<{ extensions: unknown }> }).errors[0]?.extensions).toEqual({ code: 'OPERATION_NOT_ALLOWED', reason });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`refused an operation (${reason})`);
    expect(running.service.graphqlCalls).toEqual([]);
  });
});

describe('createGraphQLProxy({ operations }): the shape of a request', () => {
  it('ids that agree (one with sha256:, one without) run the operation; null variables and a null operationName are as absent', async () => {
    const running = await startService();
    const { url } = await served(running);
    const id = sha256(COUNT);

    const answers = [
      await post(url, { documentId: `sha256:${id}`, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
      await post(url, { documentId: id, variables: null, operationName: null }),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(sentTexts(running)).toEqual([COUNT, COUNT]);
  });

  it.each([
    ['a body that is null', null],
    ['a query that is no string', { query: 42 }],
    ['variables that are an array', { documentId: sha256(COUNT), variables: [1] }],
    ['an operationName that is no string', { documentId: sha256(COUNT), operationName: 42 }],
    ['a persistedQuery hash that is no string', { extensions: { persistedQuery: { version: 1, sha256Hash: 42 } } }],
  ])('%s: 400 BAD_REQUEST, nothing upstream', async (_name, body) => {
    const running = await startService();
    const { url } = await served(running);

    const answer = await post(url, JSON.stringify(body));

    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { errors: Array<{ extensions: unknown }> }).errors[0]?.extensions).toEqual({ code: 'BAD_REQUEST' });
    expect(running.service.graphqlCalls).toEqual([]);
  });
});

describe('createGraphQLProxy({ operations, allowIntrospection: true })', () => {
  it.each([
    ['__schema', '{ __schema { queryType { name } } }'],
    ['__type', '{ __type(name: "Query") { name } }'],
    ['__typename', '{ __typename }'],
    ['__schema through a fragment', '{ __schema { ...Types } } fragment Types on __Schema { queryType { name } }'],
  ])('%s alone goes through; authorizeOperation is told a query with no name and no id', async (_name, query) => {
    const running = await startService();
    const told: OperationFacts[] = [];
    const { url } = await served(running, {
      allowIntrospection: true,
      authorizeOperation: (_request, operation) => {
        told.push(operation);
        return true;
      },
    });

    const answer = await post(url, { query });

    expect(answer.status).toBe(200);
    expect(sentTexts(running)).toEqual([query]);
    expect(told).toEqual([{ operationName: null, type: 'query', id: null }]);
  });

  it('a text of fragments only is no introspection query: refused', async () => {
    const running = await startService();
    const { url } = await served(running, { allowIntrospection: true });

    await refusal(await post(url, { query: 'fragment Types on __Schema { queryType { name } }' }));

    expect(running.service.graphqlCalls).toEqual([]);
  });
});

describe('createGraphQLProxy({ operations }): one hash listed with and without sha256:', () => {
  it('for the same text is one operation, found by either form', async () => {
    const running = await startService();
    const id = sha256(COUNT);
    const { url } = await served(running, { operations: { [id]: COUNT, [`sha256:${id}`]: COUNT } });

    const answers = [await post(url, { documentId: id }), await post(url, { documentId: `sha256:${id}` })];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(sentTexts(running)).toEqual([COUNT, COUNT]);
  });
});

describe('createGraphQLProxy({ operations }): mistakes fail at start-up', () => {
  const base = { apiKey: API_KEY, region: 'test', regions: { test: 'http://127.0.0.1:9' }, authorizeRequest: hasSession };
  const LONG_ID = 'k'.repeat(150);
  it.each([
    ['a list that is no object', { operations: 'persisted-documents.json' }, /operations must be the client preset's persisted-documents.json/],
    ['an empty list', { operations: {} }, /operations holds no operation/],
    ['an entry whose text is no string', { operations: { a: 1 } }, /the entry "a" is not a string → string/],
    ['an entry whose id is empty', { operations: { '': COUNT } }, /the entry "" is not a string → string/],
    ['a Map entry whose id is no string', { operations: new Map<unknown, string>([[1, COUNT]]) }, /the entry "1" is not a string → string/],
    ['a long id whose text is no string, cut to 100', { operations: { [LONG_ID]: 1 } }, /the entry "k{100}" is not/],
    ['a long id whose text does not parse, cut to 100', { operations: { [LONG_ID]: 'query {' } }, /id "k{100}", whose text does not parse/],
    [
      'a long id with no operation, cut to 100',
      { operations: { [LONG_ID]: 'fragment F on Query { pentests_count }' } },
      /id "k{100}", whose text has no operation/,
    ],
    [
      'a long hash listed twice for two texts, cut to 100',
      { operations: { [LONG_ID]: COUNT, [`sha256:${LONG_ID}`]: ACCOUNT } },
      /operations holds id "k{100}" twice/,
    ],
    ['an entry whose text does not parse', { operations: { a: 'query {' } }, /id "a", whose text does not parse as GraphQL/],
    ['an entry with no operation', { operations: { a: 'fragment F on Query { pentests_count }' } }, /id "a", whose text has no operation/],
    ['authorizeOperation without a list', { authorizeOperation: () => true }, /give operations too/],
    ['allowIntrospection without a list', { allowIntrospection: true }, /give operations too/],
    ['allowIntrospection that is no boolean', { operations: MANIFEST, allowIntrospection: 'yes' }, /allowIntrospection must be true or false/],
    [
      'one hash listed with and without sha256: for two texts',
      { operations: { [sha256(COUNT)]: COUNT, [`sha256:${sha256(COUNT)}`]: ACCOUNT } },
      /operations holds id "[0-9a-f]+" twice \(with and without "sha256:"\), for two texts/,
    ],
  ])('%s', (_name, extra, message) => {
    expect(() => createGraphQLProxy({ ...base, ...(extra as Partial<GraphQLProxyOptions>) })).toThrow(AuthConfigError);
    expect(() => createGraphQLProxy({ ...base, ...(extra as Partial<GraphQLProxyOptions>) })).toThrow(message);
  });
});

describe("the browser's client behind a proxy with a list", () => {
  it('an operation the list refuses fails alone, with its code: the next listed one is sent and answered, no refresh() needed', async () => {
    const running = await startService();
    const { url } = await served(running);
    const client = createAuthClient({ graphqlProxy: graphqlProxy(url), fetch: withSession });

    const refused: unknown = await client.request('query NotListed { pentests_count }').catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ClientError);
    expect(refused).toBeInstanceOf(OperationNotAllowedError);
    expect((refused as ClientError).response.errors?.[0]?.extensions).toEqual({ code: 'OPERATION_NOT_ALLOWED', reason: 'unlisted_text' });
    expect(client.store.getState()).toMatchObject({ error: null });
    await expect(client.request(COUNT)).resolves.toEqual({ pentests_count: expect.any(Number) as number });
    expect(sentTexts(running)).toEqual([COUNT]);
  });
});
