import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient, InvalidGraphQLResponseError } from '../../../src/index.js';
import { freshJwt } from '../../support/crafted-jwt.js';
import { PentestsDocument } from '../../support/documents.js';
import { startScriptedServer } from '../../support/scripted-server.js';

const RESULT = '{"data":{"pentests_page":{"pentests":[{"op_id":"1","name":"a","state":"running","client_name":"c"}]}}}';

/** Counts the body reads of every Response the client's fetch hands back. */
function countingFetch() {
  const reads = { text: 0, json: 0, arrayBuffer: 0 };
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    for (const method of ['text', 'json', 'arrayBuffer'] as const) {
      const read = response[method].bind(response) as () => Promise<unknown>;
      Object.defineProperty(response, method, {
        value: () => {
          reads[method] += 1;
          return read();
        },
      });
    }
    return response;
  };
  return { fetch: counting, reads };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('each GraphQL answer is read and parsed once', () => {
  it('a successful result: one text read and one JSON.parse per request, the data as sent', async () => {
    const server = await startScriptedServer({
      auth: () => ({ status: 200, body: JSON.stringify({ token: freshJwt() }) }),
      graphql: () => ({ status: 200, body: RESULT }),
    });
    const { fetch, reads } = countingFetch();
    const client = createAuthClient({ apiKey: 'k', region: 'test', regions: { test: server.baseUrl }, fetch });
    await client.request(PentestsDocument); // the token is fetched (and its answer parsed) here
    const before = { ...reads };
    const sent: unknown = JSON.parse(RESULT);
    const parse = vi.spyOn(JSON, 'parse');

    const data = await client.request(PentestsDocument, { page_num: 2 });

    expect(parse).toHaveBeenCalledTimes(1);
    expect({ data }).toEqual(sent);
    expect(reads).toEqual({ text: before.text + 1, json: 0, arrayBuffer: 0 });
    client.dispose();
  });

  it('a truncated result: one parse, then InvalidGraphQLResponseError with the status', async () => {
    const server = await startScriptedServer({
      auth: () => ({ status: 200, body: JSON.stringify({ token: freshJwt() }) }),
      graphql: () => ({ status: 200, body: RESULT.slice(0, 30) }),
    });
    const client = createAuthClient({ apiKey: 'k', region: 'test', regions: { test: server.baseUrl } });
    await client.getToken();
    const parse = vi.spyOn(JSON, 'parse');

    const error: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(InvalidGraphQLResponseError);
    expect(error).toMatchObject({ status: 200 });
    expect(parse).toHaveBeenCalledTimes(1);
    client.dispose();
  });
});
