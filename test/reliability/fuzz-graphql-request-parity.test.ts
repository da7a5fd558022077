import fc from 'fast-check';
import { type DocumentNode, print } from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { createAuthClient, InvalidGraphQLResponseError, isTokenExpiredBody, isTokenRejectedBody, UnexpectedRedirectError } from '../../src/index.js';
import { graphqlAnswerArb } from '../support/answer-arbitraries.js';
import { freshJwt } from '../support/crafted-jwt.js';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../support/documents.js';
import { assertForEachClient, FUZZ_TIMEOUT_MS } from '../support/fuzz.js';
import { startScriptedServer } from '../support/scripted-server.js';

type Outcome = { value: unknown } | { error: unknown };

const settle = (operation: Promise<unknown>): Promise<Outcome> =>
  operation.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/** DocumentNodes and strings, named or not, one operation or two, parsable or not, with and without variables. */
const operations: ReadonlyArray<readonly [document: string | DocumentNode, variables: object | undefined]> = [
  [PentestsDocument, { page_size: 1 }],
  [PentestsDocument, undefined],
  [PauseOpDocument, { op_id: runningOpId() }],
  [print(PentestsDocument), { page_num: 2 }],
  ['{ pentests_page { pentests { op_id } } }', undefined],
  ['query A { a } query B { b }', undefined],
  ['mutation { pause_op(op_id: "x") { op_id } }', undefined],
  ['query Broken { a', { x: [1, null, 'é'] }],
];

const isPlainObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a caller can read off graphql-request's ClientError; the message is ours (GraphQLResponseError). */
function readable(error: ClientError) {
  const { status, body, data, errors, extensions } = error.response;
  return { keys: Object.keys(error.response), status, body, data, errors, extensions, request: error.request };
}

describe('answers other than the token refusals end as they do with graphql-request itself (fast-check)', () => {
  it(
    'same request sent; same data, same ClientError, same fetch failure; a 2xx graphql-request cannot read as data is InvalidGraphQLResponseError',
    async () => {
      const token = freshJwt();
      const server = await startScriptedServer({
        auth: () => ({ status: 200, body: JSON.stringify({ token }) }),
        graphql: () => ({ status: 500, body: 'unscripted' }),
      });
      const bare = new GraphQLClient(`${server.baseUrl}/v1/graphql`, { headers: { authorization: `Bearer ${token}` } });
      // Node's fetch sends again by itself after a 421 (Misdirected Request), which would take the next scripted answer.
      const answerArb = graphqlAnswerArb.filter(
        (answer) => answer === 'reset' || !(answer.status === 421 || isTokenExpiredBody(answer.body) || isTokenRejectedBody(answer.body)),
      );
      const createClient = () => createAuthClient({ apiKey: 'parity-api-key', region: 'test', regions: { test: server.baseUrl } });

      const inputs = fc.record({ answer: answerArb, operation: fc.constantFrom(...operations) });
      await assertForEachClient(inputs, createClient, async ({ answer, operation: [document, variables] }, client) => {
        await client.getToken();
        server.calls.length = 0;
        const is2xx = answer !== 'reset' && answer.status >= 200 && answer.status < 300;
        // graphql-request reads a 2xx only under a JSON content type; the client reads any 2xx as JSON.
        server.graphql.splice(0, Infinity, answer, is2xx ? { ...answer, contentType: 'application/json' } : answer);
        const ours = await settle(client.request(document, variables));
        const theirs = await settle(bare.request({ document, ...(variables === undefined ? {} : { variables }) }));

        const [ourCall, theirCall] = server.calls;
        expect(server.calls).toHaveLength(2);
        expect(ourCall?.body).toBe(theirCall?.body);
        expect([ourCall?.headers.accept, ourCall?.headers['content-type']]).toEqual([theirCall?.headers.accept, theirCall?.headers['content-type']]);
        if ('error' in ours && ours.error instanceof UnexpectedRedirectError) {
          // The one difference on purpose: a request carrying the token never follows a redirect.
          expect(answer !== 'reset' && [301, 302, 303, 307, 308].includes(answer.status)).toBe(true);
        } else if ('error' in ours && ours.error instanceof InvalidGraphQLResponseError) {
          expect(is2xx).toBe(true);
          expect('value' in theirs && isPlainObject(theirs.value), 'graphql-request read data from it').toBe(false);
        } else if ('value' in ours) {
          expect(theirs).toEqual(ours);
        } else if (ours.error instanceof ClientError) {
          expect('error' in theirs && theirs.error instanceof ClientError).toBe(true);
          const theirError = (theirs as { error: ClientError }).error;
          expect(readable(ours.error)).toEqual(readable(theirError));
          if (!is2xx) expect(ours.error.response.headers.get('content-type')).toBe(theirError.response.headers.get('content-type'));
        } else {
          expect(ours.error).toBeInstanceOf(TypeError);
          const theirError = 'error' in theirs ? theirs.error : null;
          expect(theirError).toBeInstanceOf(TypeError);
          expect((theirError as TypeError).message).toBe((ours.error as TypeError).message);
        }
      });
    },
    FUZZ_TIMEOUT_MS,
  );
});
