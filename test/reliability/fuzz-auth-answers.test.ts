import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/index.js';
import { apiKeyArb, authAnswerArb } from '../support/answer-arbitraries.js';
import { freshTokenAnswers } from '../support/crafted-jwt.js';
import { PentestsDocument } from '../support/documents.js';
import { assertForEachClient, FUZZ_TIMEOUT_MS } from '../support/fuzz.js';
import { describeFailure, isExpectedFailure, isUsableBearer } from '../support/outcomes.js';
import { type Scripted, startScriptedServer } from '../support/scripted-server.js';
import { secretLeaks } from '../support/secret-leaks.js';

/** The token a 2xx answer carries, if it carries a string one. */
function offeredToken(answer: Scripted): string | null {
  if (answer === 'reset' || answer.status < 200 || answer.status > 299) return null;
  try {
    const token: unknown = (JSON.parse(answer.body) as { token?: unknown } | null)?.token;
    return typeof token === 'string' ? token : null;
  } catch {
    return null;
  }
}

describe('fuzzed /v1/auth answers (fast-check)', () => {
  it(
    'never an unexpected error, a bad bearer, a stored non-token, a loop, a leaked key or a timer left',
    async () => {
      const offered = new Set<string>();
      const server = await startScriptedServer({
        auth: freshTokenAnswers(offered),
        graphql: () => ({ status: 200, body: '{"data":{"items":[]}}' }),
      });
      const inputs = apiKeyArb.chain((apiKey) =>
        fc.record({ apiKey: fc.constant(apiKey), answers: fc.array(authAnswerArb(apiKey), { minLength: 1, maxLength: 3 }) }),
      );
      const createClient = ({ apiKey }: { apiKey: string }) => createAuthClient({ apiKey, region: 'test', regions: { test: server.baseUrl } });

      await assertForEachClient(inputs, createClient, async ({ apiKey, answers }, client) => {
        server.calls.length = 0;
        server.auth.splice(0, Infinity, ...answers);
        for (const token of answers.map(offeredToken)) if (token !== null) offered.add(token);
        const errors: unknown[] = [];
        for (const operation of [
          () => client.request(PentestsDocument, { page_size: 1 }),
          () => client.getToken(),
          () => client.request(PentestsDocument, { page_size: 1 }),
        ]) {
          const authBefore = server.calls.filter((c) => c.path === '/v1/auth').length;
          const outcome = await operation().then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          const authCalls = server.calls.filter((c) => c.path === '/v1/auth').length - authBefore;
          expect(authCalls, 'auth calls for one operation').toBeLessThanOrEqual(2);
          if ('error' in outcome) {
            errors.push(outcome.error);
            expect(isExpectedFailure(outcome.error), describeFailure(outcome.error)).toBe(true);
          } else {
            expect(outcome.value).toBeTruthy();
          }
          // Whatever is stored is a token some 2xx answer offered, and a header-safe one.
          const { token } = client.store.getState();
          if (token !== null) {
            expect(offered.has(token)).toBe(true);
            expect(isUsableBearer(`Bearer ${token}`), token).toBe(true);
          }
        }
        for (const call of server.calls.filter((c) => c.path !== '/v1/auth')) {
          expect(isUsableBearer(call.headers.authorization), String(call.headers.authorization)).toBe(true);
          expect(offered.has(call.headers.authorization!.slice('Bearer '.length))).toBe(true);
        }
        const leaks = secretLeaks(apiKey, { requests: server.calls, errors, other: [client.store.getState()] }, { fragment: 12 });
        expect(leaks).toEqual([]);
      });
    },
    FUZZ_TIMEOUT_MS,
  );
});
