import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../src/index.js';
import { freshJwt } from '../../support/crafted-jwt.js';
import { startScriptedServer } from '../../support/scripted-server.js';

async function recording() {
  const server = await startScriptedServer({
    auth: () => ({ status: 200, body: JSON.stringify({ token: freshJwt() }) }),
    graphql: () => ({ status: 200, body: '{"data":{"items":[]}}' }),
  });
  const client = createAuthClient({ apiKey: 'k', region: 'test', regions: { test: server.baseUrl } });
  const sentBodies = () => server.calls.filter((call) => call.path === '/v1/graphql').map((call): unknown => JSON.parse(call.body));
  return { client, sentBodies };
}

/** What codegen's `documentMode: 'string'` emits: a boxed String, neither a string nor a DocumentNode. */
class TypedDocumentString extends String {
  readonly __apiType?: () => { items: unknown[] };
}

describe('the query text and operation name sent', () => {
  it('a query string with a fragment is sent with the name of its one operation', async () => {
    const { client, sentBodies } = await recording();
    const query = 'query Items { items { ...Fields } } fragment Fields on Item { id }';

    await expect(client.request(query)).resolves.toEqual({ items: [] });

    expect(sentBodies()).toEqual([{ query, operationName: 'Items' }]);
    client.dispose();
  });

  it('an anonymous operation as a DocumentNode is sent as its printed text without an operation name', async () => {
    const { client, sentBodies } = await recording();

    await expect(client.request(parse('{ items { id } }'))).resolves.toEqual({ items: [] });

    expect(sentBodies()).toEqual([{ query: '{\n  items {\n    id\n  }\n}' }]);
    client.dispose();
  });

  it("codegen's TypedDocumentString is sent as its text, with its operation name", async () => {
    const { client, sentBodies } = await recording();
    const query = 'query Items { items { id } }';

    await expect(client.request(new TypedDocumentString(query))).resolves.toEqual({ items: [] });

    expect(sentBodies()).toEqual([{ query, operationName: 'Items' }]);
    client.dispose();
  });
});
