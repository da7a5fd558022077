// @vitest-environment node
// The proxy given a list of operations, against generated requests: random documents, ids (listed,
// near misses, `sha256:` forms, oversized, of the wrong type), and every near variant of a listed
// text (an alias, a directive, a fragment more, whitespace or a comment, a character changed), alone,
// with a listed id, or in a batch. Whatever arrives, the mock service's `graphqlCalls` hold only the
// list's texts (with allowIntrospection, also queries that select nothing but __schema, __type and
// __typename at the top, as graphql-js reads them), a text the browser sent beside an id is the one
// that went, and a refusal (403) reaches nothing upstream.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { Kind, OperationTypeNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy } from '../../src/server/index.js';
import { executableDocumentArb } from '../support/document-arbitraries.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from '../support/fuzz.js';
import { runningOpId } from '../support/documents.js';

const SESSION_COOKIE = 'session=signed-in';
const LISTED = [
  'query Count { pentests_count }',
  'query Account { session_user_account { uuid name } }',
  'mutation PauseOp($op_id: String!) { pause_op(op_id: $op_id) { op_id op_state } }',
  'query Rows($n: Int) {\n  page: pentests_page(page_input: { page_size: $n }) {\n    pentests { op_id name @include(if: true) }\n  }\n  ...Totals\n}\n\nfragment Totals on Query { pentests_count }',
  'query First { pentests_count } query Second { session_user_account { uuid } }',
];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const IDS = LISTED.map(sha256);
const MANIFEST = Object.fromEntries(LISTED.map((text, index) => [IDS[index]!, text]));
const NAMES = ['Count', 'Account', 'PauseOp', 'Rows', 'First', 'Second', 'LaunchPentest', '', 'count'];
const INTROSPECTION = ['{ __schema { queryType { name } } }', 'query T { __type(name: "Query") { name } __typename }'];

/** An insertion GraphQL ignores, or one that changes what runs. */
const insertionArb = fc.constantFrom(' ', '\n', ',', '\t', '\uFEFF', '# a comment\n', 'x', '}', '{ __typename }', ' @skip(if: false)', ' alias: ');

/** A listed text changed the ways an attacker would try: each still runs something, none is the list's. */
const variantArb = fc
  .tuple(
    fc.constantFrom(...LISTED),
    fc.nat(),
    fc.constantFrom('insert', 'replace', 'drop', 'alias', 'directive', 'fragment', 'comment', 'operation', 'introspect'),
    insertionArb,
  )
  .map(([text, position, how, piece]) => {
    const at = position % (text.length + 1);
    switch (how) {
      case 'insert':
        return text.slice(0, at) + piece + text.slice(at);
      case 'replace':
        return text.slice(0, at) + piece + text.slice(at + 1);
      case 'drop':
        return text.slice(0, at) + text.slice(at + 1);
      case 'alias':
        return text.replace('pentests_count', 'n: pentests_count');
      case 'directive':
        return text.replace(/\{ (\w)/, '{ __typename @include(if: true) $1');
      case 'fragment':
        return `${text}\nfragment Extra on Query { session_user_account { email } }`;
      case 'comment':
        return `# listed\n${text}`;
      case 'operation':
        return `${text}\nmutation Launch { pause_op(op_id: "x") { op_id } }`;
      case 'introspect':
        return text.replace('{', '{ __schema { types { name } }');
    }
  })
  .filter((text) => !LISTED.includes(text));

const textArb = fc.oneof(
  fc.constantFrom(...LISTED),
  variantArb,
  variantArb,
  executableDocumentArb,
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...INTROSPECTION),
);

const idArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...IDS),
  fc.constantFrom(...IDS).map((id) => `sha256:${id}`),
  fc.tuple(fc.constantFrom(...IDS), fc.nat(63), fc.constantFrom('0', 'f', 'A', ' ')).map(([id, at, char]) => id.slice(0, at) + char + id.slice(at + 1)),
  fc.stringMatching(/^[0-9a-f]{64}$/),
  fc.nat({ max: 200_000 }).map((length) => 'a'.repeat(length)),
  fc.constantFrom(IDS.join(''), `sha256:${'a'.repeat(100_000)}`, 42, null, {}, ['x']),
);

const bodyArb: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    query: textArb,
    documentId: idArb,
    extensions: fc.record(
      { persistedQuery: fc.record({ version: fc.constant(1), sha256Hash: idArb }, { requiredKeys: ['sha256Hash'] }) },
      { requiredKeys: ['persistedQuery'] },
    ),
    operationName: fc.constantFrom(...NAMES),
    variables: fc.constantFrom({}, { op_id: runningOpId() }, { n: 2 }),
  },
  { requiredKeys: [] },
);
const requestArb: fc.Arbitrary<Record<string, unknown> | Array<Record<string, unknown>>> = fc.oneof(
  bodyArb,
  bodyArb,
  fc.constantFrom(...IDS).map((documentId) => ({ documentId })),
  fc.array(bodyArb, { minLength: 1, maxLength: 3 }),
);

/** What graphql-js reads as an introspection query and nothing else. */
function isIntrospectionOnly(text: string): boolean {
  const definitions = parse(text).definitions;
  const operations = definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return (
    operations.length > 0 &&
    definitions.every((definition) => definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION) &&
    operations.every(
      (operation) =>
        operation.operation === OperationTypeNode.QUERY &&
        operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__')),
    )
  );
}

describe.each([false, true])('the proxy with a list (allowIntrospection: %s), against generated requests', (allowIntrospection) => {
  it(
    'only the list’s texts reach the service; a text sent beside an id is the one that went; a 403 reaches nothing',
    async () => {
      const running = await startService();
      const handler = createGraphQLProxy({
        apiKey: API_KEY,
        region: 'test',
        regions: { test: running.baseUrl },
        authorizeRequest: (request) => request.headers.get('cookie') === SESSION_COOKIE,
        operations: MANIFEST,
        allowIntrospection,
        // Above the largest generated id: the list, not the body limit, must refuse it.
        maxBodyBytes: 2 * 1024 * 1024,
        logger: { warn: () => undefined, error: () => undefined },
      });
      let admitted = 0;
      let refused = 0;
      try {
        await fc.assert(
          fc.asyncProperty(requestArb, async (body) => {
            const before = running.service.graphqlCalls.length;
            const answer = await handler(
              new Request('http://127.0.0.1/api/graphql', {
                method: 'POST',
                headers: { 'content-type': 'application/json', cookie: SESSION_COOKIE },
                body: JSON.stringify(body),
              }),
            );
            const calls = running.service.graphqlCalls.slice(before).map((call) => JSON.parse(call.body) as { query: string });
            for (const { query } of calls) {
              expect(LISTED.includes(query) || (allowIntrospection && isIntrospectionOnly(query)), query).toBe(true);
            }
            if (!Array.isArray(body) && typeof body.query === 'string') for (const call of calls) expect(call.query).toBe(body.query);
            if (answer.status === 403) {
              expect(calls).toEqual([]);
              refused += 1;
            }
            if (calls.length > 0) admitted += 1;
            await answer.body?.cancel();
          }),
          fuzzParameters(),
        );
      } finally {
        handler.dispose();
      }
      // Not vacuous: listed operations went through, and others were refused.
      expect(admitted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
      expect(handler.status().refusedOperations).toBe(refused);
    },
    FUZZ_TIMEOUT_MS,
  );
});
