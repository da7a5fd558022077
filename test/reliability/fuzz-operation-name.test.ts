import fc from 'fast-check';
import { Kind, parse } from 'graphql';
import { GraphQLClient } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/index.js';
import { freshJwt } from '../support/crafted-jwt.js';
import { damagedDocumentArb, executableDocumentArb } from '../support/document-arbitraries.js';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from '../support/fuzz.js';
import { startScriptedServer } from '../support/scripted-server.js';

/** Sends `text` with our client and with bare graphql-request; the two bodies the server received. */
async function bothBodies() {
  const token = freshJwt();
  const server = await startScriptedServer({
    auth: () => ({ status: 200, body: JSON.stringify({ token }) }),
    graphql: () => ({ status: 200, body: '{"data":{}}' }),
  });
  const client = createAuthClient({ apiKey: 'operation-name-key', region: 'test', regions: { test: server.baseUrl } });
  const bare = new GraphQLClient(`${server.baseUrl}/v1/graphql`, { headers: { authorization: `Bearer ${token}` } });
  await client.getToken();
  const send = async (text: string) => {
    server.calls.length = 0;
    await client.request(text);
    await bare.request(text);
    const [ours, theirs] = server.calls.map((call) => JSON.parse(call.body) as { query: string; operationName?: string });
    expect(server.calls).toHaveLength(2);
    return { ours, theirs };
  };
  return {
    send,
    dispose: () => {
      client.dispose();
    },
  };
}

/** Whether graphql parses `text` into operations and fragments only (a document a service would run). */
function isExecutable(text: string): boolean {
  try {
    return parse(text).definitions.every((definition) => definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION);
  } catch {
    return false;
  }
}

describe('a query string is sent with the operation name graphql-request sends, without graphql’s parser', () => {
  it(
    'every executable document: the same body as graphql-request (fast-check)',
    async () => {
      const { send, dispose } = await bothBodies();
      try {
        await fc.assert(
          fc.asyncProperty(executableDocumentArb, async (text) => {
            expect(isExecutable(text), 'the generator writes documents graphql parses').toBe(true);
            const { ours, theirs } = await send(text);
            expect(ours).toEqual(theirs);
          }),
          fuzzParameters(),
        );
      } finally {
        dispose();
      }
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'damaged text: the same body whenever it still parses; otherwise the text as given, named by one of its own names or not at all (fast-check)',
    async () => {
      const { send, dispose } = await bothBodies();
      try {
        await fc.assert(
          fc.asyncProperty(damagedDocumentArb, async (text) => {
            const { ours, theirs } = await send(text);
            if (isExecutable(text)) {
              expect(ours).toEqual(theirs);
            } else {
              expect(ours?.query).toBe(text);
              const named = ours?.operationName;
              if (named !== undefined) expect(text).toMatch(new RegExp(String.raw`(^|\W)${named}(\W|$)`));
            }
          }),
          fuzzParameters(),
        );
      } finally {
        dispose();
      }
    },
    FUZZ_TIMEOUT_MS,
  );

  it.each([
    ['cut inside a selection set', 'query Cut { a { b }'],
    ['a closer that does not match its opener', 'query Crossed { a(x: 1} }'],
    ['a string left open', 'query Open { a(x: "b) }'],
    ['a block string left open', 'query Open { a(x: """b) }'],
    ['a line break inside a plain string', 'query Broken { a(x: "b\nc") }'],
    ['a character outside the grammar', 'query Stray { a ? }'],
    ['a definition without its selection set', 'query Unfinished'],
    ['a keyword with nothing after it', 'query'],
    ['a selection set closed too soon', 'query Early { a } }'],
    ['a value where a definition starts', '! { a } query Bang { a }'],
    ['a description on an anonymous query', '"described" { a } query Described { a }'],
    ['two descriptions', '"one" "two" query Twice { a }'],
    ['two descriptions before a selection set', '"one" "two" { a } query Twice { a }'],
    ['a description at the end', 'query Before { a } "dangling"'],
    ['a bracket other than a selection set where a definition starts', '(a) query Parenthesised { a }'],
  ])('%s: no operation name, as graphql-request sends none for text graphql cannot parse', async (_, text) => {
    const { send, dispose } = await bothBodies();
    try {
      const { ours, theirs } = await send(text);
      expect(theirs).toEqual({ query: text });
      expect(ours).toEqual({ query: text });
    } finally {
      dispose();
    }
  });

  it.each([
    ['a described operation', '"described" query Described { a }', 'Described'],
    ['an operation after a fragment', 'fragment F on T { a } query AfterFragment { ...F }', 'AfterFragment'],
    ['an operation with variables, a default object and a directive', 'query Full($x: In = {a: "}"}) @d(y: [1, {b: 2}]) { a(x: $x) }', 'Full'],
    ['an operation after a type definition with a body', 'type T { a: Int } query AfterType { a }', 'AfterType'],
    ['an anonymous operation with a directive', 'query @d { a }', undefined],
    ['an anonymous query beside a named one', '{ a } query Second { b }', undefined],
    ['two named operations', 'query One { a } mutation Two { b }', undefined],
  ])('%s: the same body as graphql-request', async (_, text, operationName) => {
    const { send, dispose } = await bothBodies();
    try {
      const { ours, theirs } = await send(text);
      expect(ours).toEqual(operationName === undefined ? { query: text } : { query: text, operationName });
      expect(ours).toEqual(theirs);
    } finally {
      dispose();
    }
  });

  it('a block string holding what would start an operation adds none', async () => {
    const { send, dispose } = await bothBodies();
    try {
      const text = 'query Outer($x: String = """\n} query Inner { a """) { a } # query Commented { a }';
      const { ours, theirs } = await send(text);
      expect(ours).toEqual({ query: text, operationName: 'Outer' });
      expect(ours).toEqual(theirs);
    } finally {
      dispose();
    }
  });
});
