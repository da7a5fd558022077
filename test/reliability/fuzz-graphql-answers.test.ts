import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/index.js';
import { graphqlAnswerArb } from '../support/answer-arbitraries.js';
import { freshTokenAnswers } from '../support/crafted-jwt.js';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../support/documents.js';
import { assertForEachClient, FUZZ_TIMEOUT_MS } from '../support/fuzz.js';
import { describeFailure, isExpectedFailure, isUsableBearer } from '../support/outcomes.js';
import { startScriptedServer } from '../support/scripted-server.js';
import { secretLeaks } from '../support/secret-leaks.js';

const API_KEY = 'fuzz-graphql-api-key-0123456789';

const isPlainObject = (value: unknown): boolean => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

describe('fuzzed GraphQL answers (fast-check)', () => {
  it(
    'resolve to data or fail with an expected error, with at most one re-auth and one resend per operation',
    async () => {
      const issued = new Set<string>();
      const server = await startScriptedServer({
        auth: freshTokenAnswers(issued),
        graphql: () => ({ status: 200, body: '{"data":{"items":[],"addItem":{"id":"1","title":"t","region":"us"}}}' }),
      });
      const inputs = fc.record({ answers: fc.array(graphqlAnswerArb, { minLength: 1, maxLength: 3 }), mutation: fc.boolean() });
      const createClient = () => createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: server.baseUrl } });

      await assertForEachClient(inputs, createClient, async ({ answers, mutation }, client) => {
        server.calls.length = 0;
        server.graphql.splice(0, Infinity, ...answers);
        const operation = mutation ? client.request(PauseOpDocument, { op_id: runningOpId() }) : client.request(PentestsDocument, { page_size: 1 });
        const outcome = await operation.then(
          (value: unknown) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if ('error' in outcome) {
          expect(isExpectedFailure(outcome.error), describeFailure(outcome.error)).toBe(true);
        } else {
          expect(isPlainObject(outcome.value), `resolved ${JSON.stringify(outcome.value)}`).toBe(true);
        }
        const auth = server.calls.filter((c) => c.path === '/v1/auth');
        const sends = server.calls.filter((c) => c.path !== '/v1/auth');
        expect(auth.length).toBeLessThanOrEqual(2);
        expect(sends.length).toBeLessThanOrEqual(2);
        for (const send of sends) {
          expect(isUsableBearer(send.headers.authorization), String(send.headers.authorization)).toBe(true);
          expect(issued.has(send.headers.authorization!.slice('Bearer '.length))).toBe(true);
        }
        const errors = 'error' in outcome ? [outcome.error] : [];
        expect(secretLeaks(API_KEY, { requests: server.calls, errors, other: [client.store.getState()] })).toEqual([]);
      });
    },
    FUZZ_TIMEOUT_MS,
  );
});
