// @vitest-environment node
// The proxy's work per request is bounded: how deep a body may nest, how long and how large the
// service's answer may be, and a query whose browser went away is cancelled upstream.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthConfigError } from '../../src/index.js';
import { createGraphQLProxy, type GraphQLProxyOptions } from '../../src/server/index.js';
import { createMockService, type MockService } from '../../src/testing/index.ts';
import { hasSession, post, serveHandler } from './serve-handler.js';

const API_KEY = 'limits-key';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function upstream(): Promise<{ mock: MockService; baseUrl: string }> {
  const mock = createMockService({
    typeDefs: 'type Query { hello: String, big(bytes: Int!): String } type Mutation { touch: Int }',
    resolvers: {
      Query: { hello: () => 'world', big: (_parent: never, { bytes }: { bytes: number }) => 'x'.repeat(bytes) },
      Mutation: { touch: () => 1 },
    },
    apiKeys: [API_KEY],
    regions: ['local'],
  });
  const { baseUrl, close } = await mock.listen();
  closers.push(close);
  return { mock, baseUrl };
}

async function proxyUrl(baseUrl: string, options: Partial<GraphQLProxyOptions> = {}): Promise<string> {
  const handler = createGraphQLProxy({ apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, authorizeRequest: hasSession, ...options });
  return `${await serveHandler(handler)}/api/graphql`;
}

const nested = (depth: number) => `{"query":"{ hello }","variables":{"v":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`;

describe('JSON nesting: maxJsonDepth (default 64)', () => {
  it('a body one level deeper than the limit is refused (400 JSON_TOO_DEEP) before parsing; exactly the limit is served', async () => {
    const { mock, baseUrl } = await upstream();
    const url = await proxyUrl(baseUrl);
    const refused = await post(url, nested(65));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'the body nests deeper than 64 levels', code: 'JSON_TOO_DEEP' });
    expect(mock.graphqlCalls).toHaveLength(0);
    expect(mock.authCalls).toHaveLength(0);

    const served = await post(url, nested(64));
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ data: { hello: 'world' } });
  });

  it('brackets inside strings do not count; a 512k-deep body is refused whole', async () => {
    const { baseUrl } = await upstream();
    const url = await proxyUrl(baseUrl, { maxJsonDepth: 3 });
    const inString = await post(url, JSON.stringify({ query: '{ hello }', variables: { s: '[[[[[[{{{{"\\\\' } }));
    expect(inString.status).toBe(200);
    const deep = await post(url, `{"query":"{ hello }","variables":{"v":${'['.repeat(512 * 1024)}${']'.repeat(512 * 1024)}}}`);
    expect(deep.status).toBe(413); // over the default 1 MiB body limit
    const deepUnderLimit = await post(url, `{"query":"{ hello }","variables":{"v":${'['.repeat(400 * 1024)}${']'.repeat(400 * 1024)}}}`);
    expect(deepUnderLimit.status).toBe(400);
    expect(await deepUnderLimit.json()).toMatchObject({ code: 'JSON_TOO_DEEP' });
  });

  it('the token handler has the same limit', async () => {
    const { createTokenHandler } = await import('../../src/server/index.js');
    const { baseUrl } = await upstream();
    const handler = createTokenHandler({ apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, authorizeRequest: hasSession, maxJsonDepth: 2 });
    const url = `${await serveHandler(handler)}/api/token`;
    expect((await post(url, '{"expired":[[1]]}')).status).toBe(400);
    expect((await post(url, '{}')).status).toBe(200);
  });
});

/** A GraphQL request of exactly `values` values: the whole, query, variables, v, and v's zeros. */
const withValues = (values: number) => JSON.stringify({ query: '{ hello }', variables: { v: Array.from({ length: values - 4 }, () => 0) } });

describe('JSON values: maxJsonValues (default 10 000)', () => {
  it('a megabyte of flat arrays at depth 63, within maxJsonDepth, is refused (400 JSON_TOO_MANY_VALUES) before parsing, nothing upstream', async () => {
    const { mock, baseUrl } = await upstream();
    const url = await proxyUrl(baseUrl);
    const flat = `{"query":"{ hello }","variables":{"v":${'['.repeat(60)}${'[],'.repeat(340_000)}[]${']'.repeat(60)}}}`;
    expect(flat.length).toBeGreaterThan(1_000_000);
    expect(flat.length).toBeLessThanOrEqual(1024 * 1024);
    const refused = await post(url, flat);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'the body holds more than 10000 values', code: 'JSON_TOO_MANY_VALUES' });
    expect(mock.graphqlCalls).toHaveLength(0);
    expect(mock.authCalls).toHaveLength(0);
  });

  it('exactly the limit is served, one value more is refused; every element and member counts at any depth, commas and brackets in strings do not', async () => {
    const { mock, baseUrl } = await upstream();
    const url = await proxyUrl(baseUrl);
    const served = await post(url, withValues(10_000));
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ data: { hello: 'world' } });
    const over = await post(url, withValues(10_001));
    expect({ status: over.status, body: (await over.json()) as unknown }).toEqual({
      status: 400,
      body: { error: 'the body holds more than 10000 values', code: 'JSON_TOO_MANY_VALUES' },
    });

    const small = await proxyUrl(baseUrl, { maxJsonValues: 7 });
    // The whole, query, variables, a, its two elements, b: 7; empty arrays and objects hold nothing.
    const seven = { query: '{ hello }', variables: { a: [{}, []], b: '",[{,' } };
    expect((await post(small, seven)).status).toBe(200);
    expect((await post(small, { ...seven, variables: { ...seven.variables, c: null } })).status).toBe(400);
    expect((await post(small, { ...seven, variables: { ...seven.variables, a: [{ d: 1 }, []] } })).status).toBe(400);
    expect(mock.graphqlCalls).toHaveLength(2);
  });

  it('white space inside an empty array or object (space, tab, line feed, carriage return) is no value', async () => {
    const { mock, baseUrl } = await upstream();
    const small = await proxyUrl(baseUrl, { maxJsonValues: 8 });
    // The whole, query, variables, a, its three elements, b: 8.
    const answer = await post(small, '{"query":"{ hello }","variables":{"a":[{ },[\t],{\n}],"b":[\r]}}');
    expect(answer.status).toBe(200);
    expect(mock.graphqlCalls).toHaveLength(1);
  });

  it('a body cut off just after an opening bracket is answered as not JSON: nothing past its end is counted', async () => {
    const { mock, baseUrl } = await upstream();
    const answer = await post(await proxyUrl(baseUrl, { maxJsonValues: 1 }), '[');
    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({ status: 400, body: { error: 'the body is not JSON' } });
    expect(mock.graphqlCalls).toHaveLength(0);
  });

  it('the token handler has the same limit: a refused body costs no /v1/auth call', async () => {
    const { createTokenHandler } = await import('../../src/server/index.js');
    const { mock, baseUrl } = await upstream();
    const handler = createTokenHandler({ apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, authorizeRequest: hasSession, maxJsonValues: 1 });
    const url = `${await serveHandler(handler)}/api/token`;
    const refused = await post(url, '{"expired":"a.b.c"}');
    expect({ status: refused.status, body: (await refused.json()) as unknown }).toEqual({
      status: 400,
      body: { error: 'the body holds more than 1 values', code: 'JSON_TOO_MANY_VALUES' },
    });
    expect(mock.authCalls).toHaveLength(0);
    expect((await post(url, '{ }')).status).toBe(200);
    expect(mock.authCalls).toHaveLength(1);
  });
});

describe('the request body: maxBodyBytes, counted whatever Content-Length says', () => {
  it('a chunked body without Content-Length that never ends is refused 413 while it streams, after about the limit', async () => {
    const { mock, baseUrl } = await upstream();
    const url = new URL(await proxyUrl(baseUrl, { maxBodyBytes: 64 * 1024 }));
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'session=signed-in' } });
      outgoing.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        outgoing.destroy();
      });
      outgoing.on('error', (error) => {
        if (sent < 64 * 1024 * 1024) reject(error);
      });
      outgoing.write('{"query":"{ hello }","pad":"');
      // At most 64 MiB, written as the socket drains: the answer must come long before.
      const writeMore = () => {
        while (sent < 64 * 1024 * 1024 && !outgoing.destroyed) {
          sent += chunk.length;
          if (!outgoing.write(chunk)) {
            outgoing.once('drain', writeMore);
            return;
          }
        }
      };
      writeMore();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    expect(mock.graphqlCalls).toHaveLength(0);
  });

  it('fetchInProcess: a Request whose Content-Length understates its body is refused 413 (no HTTP framing holds it to the header)', async () => {
    const { mock, baseUrl } = await upstream();
    const handler = createGraphQLProxy({ apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, authorizeRequest: hasSession, maxBodyBytes: 1_024 });
    const answer = await handler.fetchInProcess('/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '20' },
      body: JSON.stringify({ query: `{ hello } #${'x'.repeat(4_000)}` }),
    });
    handler.dispose();
    expect(answer.status).toBe(413);
    expect(mock.graphqlCalls).toHaveLength(0);
  });

  it('the limit counts UTF-8 bytes, not characters: a body of 700 characters and 1,025 bytes is refused, one of 1,024 bytes is sent', async () => {
    const { mock, baseUrl } = await upstream();
    const handler = createGraphQLProxy({ apiKey: API_KEY, region: 'local', regions: { local: baseUrl }, authorizeRequest: hasSession, maxBodyBytes: 1_024 });
    const bodyOf = (bytes: number) => {
      const prefix = '{"query":"{ hello }","x":"';
      const suffix = '"}';
      const room = bytes - prefix.length - suffix.length; // 'é' is two bytes in UTF-8
      return `${prefix}${'é'.repeat(Math.floor(room / 2))}${'a'.repeat(room % 2)}${suffix}`;
    };
    const send = (body: string) =>
      handler.fetchInProcess('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '20' }, body });
    const over = bodyOf(1_025);
    expect(new TextEncoder().encode(over).byteLength).toBe(1_025);
    expect(over.length).toBeLessThan(1_024);
    expect((await send(over)).status).toBe(413);
    expect((await send(bodyOf(1_024))).status).toBe(200);
    handler.dispose();
    expect(mock.graphqlCalls).toHaveLength(1);
  });
});

describe('the upstream answer: upstreamTimeoutMs (default 30 s) and maxResponseBytes (default 10 MiB)', () => {
  it('no whole answer within upstreamTimeoutMs: 504 UPSTREAM_TIMEOUT, and the service saw the request', async () => {
    const { mock, baseUrl } = await upstream();
    // 2 s: an answer that comes passes even on a loaded machine (200 ms did not); only a held one times out.
    const url = await proxyUrl(baseUrl, { upstreamTimeoutMs: 2_000 });
    expect((await post(url, { query: '{ hello }' })).status).toBe(200);
    const release = mock.pauseGraphql();
    const answer = await post(url, { query: '{ hello }' });
    await settled(mock, 1); // held: only the proxy giving up settles it
    release();
    expect(answer.status).toBe(504);
    expect(await answer.json()).toEqual({ errors: [{ message: 'The service gave no whole answer within 2000 ms', extensions: { code: 'UPSTREAM_TIMEOUT' } }] });
    expect(mock.graphqlCalls).toHaveLength(2);
    expect(mock.graphqlCalls[1]!.clientGone).toBe(true);
  });

  it('a mutation (sent without the browser’s signal) with no whole answer within upstreamTimeoutMs: 504 UPSTREAM_TIMEOUT as well', async () => {
    const { mock, baseUrl } = await upstream();
    const url = await proxyUrl(baseUrl, { upstreamTimeoutMs: 200 });
    const release = mock.pauseGraphql();
    const answer = await post(url, { query: 'mutation { touch }' });
    release();
    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({
      status: 504,
      body: { errors: [{ message: 'The service gave no whole answer within 200 ms', extensions: { code: 'UPSTREAM_TIMEOUT' } }] },
    });
    expect(mock.graphqlCalls).toHaveLength(1);
  });

  it('an answer larger than maxResponseBytes: 502 RESPONSE_TOO_LARGE; one at the limit goes through', async () => {
    const { baseUrl } = await upstream();
    const envelope = JSON.stringify({ data: { big: '' } }).length;
    const url = await proxyUrl(baseUrl, { maxResponseBytes: 64 * 1024 });
    const atLimit = await post(url, { query: '{ big(bytes: $n) }'.replace('$n', String(64 * 1024 - envelope)) });
    expect(atLimit.status).toBe(200);
    expect(((await atLimit.json()) as { data: { big: string } }).data.big).toHaveLength(64 * 1024 - envelope);
    const over = await post(url, { query: `{ big(bytes: ${64 * 1024 - envelope + 1}) }` });
    expect(over.status).toBe(502);
    expect(await over.json()).toEqual({ errors: [{ message: `The service's answer exceeds ${64 * 1024} bytes`, extensions: { code: 'RESPONSE_TOO_LARGE' } }] });
  });

  it('an answer whose Content-Length is no whole number is held to maxResponseBytes as it streams', async () => {
    const { baseUrl } = await upstream();
    const large = JSON.stringify({ data: { big: 'x'.repeat(2048) } });
    for (const declared of ['1x', 'x1', 'x']) {
      // A fetch of the app's own (a test double, an instrumented fetch) may hand over any header.
      const url = await proxyUrl(baseUrl, {
        maxResponseBytes: 1024,
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          if (!answer.url.endsWith('/graphql')) return answer;
          return new Response(large, { headers: { 'content-type': 'application/json', 'content-length': declared } });
        },
      });
      const over = await post(url, { query: '{ hello }' });
      expect({ declared, status: over.status }).toEqual({ declared, status: 502 });
      expect(await over.json()).toEqual({ errors: [{ message: `The service's answer exceeds 1024 bytes`, extensions: { code: 'RESPONSE_TOO_LARGE' } }] });
    }
  });

  it('a compressed answer is held to maxResponseBytes as it decodes, whatever its Content-Length says', async () => {
    // The service's own answers are not compressed: a gateway in front of it may compress them.
    const decoded = JSON.stringify({ data: { big: 'x'.repeat(100 * 1024) } });
    const gzipped = gzipSync(decoded);
    const gateway = createServer((request, response) => {
      if (request.url === '/v1/auth') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: 'gateway-token' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gzipped.byteLength) }).end(gzipped);
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise((resolve) =>
          gateway.close(() => {
            resolve();
          }),
        ),
    );
    const { port } = gateway.address() as AddressInfo;
    expect(gzipped.byteLength).toBeLessThan(64 * 1024);
    const over = await post(await proxyUrl(`http://127.0.0.1:${port}`, { maxResponseBytes: 64 * 1024 }), { query: '{ big }' });
    expect(over.status).toBe(502);
    expect(await over.json()).toEqual({ errors: [{ message: `The service's answer exceeds ${64 * 1024} bytes`, extensions: { code: 'RESPONSE_TOO_LARGE' } }] });
  });

  it('rejects limits that are not whole positive numbers at start-up, naming the option', () => {
    for (const [name, value] of [
      ['upstreamTimeoutMs', 0],
      ['maxResponseBytes', -1],
      ['maxJsonDepth', 1.5],
      ['maxBodyBytes', Number.NaN],
    ] as const) {
      expect(() => createGraphQLProxy({ apiKey: API_KEY, region: 'us', authorizeRequest: hasSession, [name]: value })).toThrow(
        expect.objectContaining({ name: 'AuthConfigError', message: expect.stringContaining(name) as string }) as AuthConfigError,
      );
    }
  });
});

/** A POST from a browser that goes away once the service has received the operation. */
async function postThenDisconnect(url: string, body: object, mock: MockService): Promise<void> {
  const arrived = new Promise<void>((resolve) => {
    const unsubscribe = mock.subscribe(() => {
      if (mock.graphqlCalls.length > 0) {
        unsubscribe();
        resolve();
      }
    });
  });
  const request = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'session=signed-in' } });
  request.on('error', () => undefined);
  request.end(JSON.stringify(body));
  await arrived;
  request.destroy();
}

/** Resolves once the call has its answer or its caller went away. */
function settled(mock: MockService, index: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const call = mock.graphqlCalls[index];
      if (call === undefined || (call.status === 0 && !call.clientGone)) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = mock.subscribe(check);
    check();
  });
}

describe('a browser that disconnects', () => {
  it('cancels its query upstream', async () => {
    const { mock, baseUrl } = await upstream();
    const url = await proxyUrl(baseUrl);
    expect((await post(url, { query: '{ hello }' })).status).toBe(200);
    mock.resetCounters();
    const release = mock.pauseGraphql();
    await postThenDisconnect(url, { query: '{ hello }' }, mock);
    await settled(mock, 0);
    release();
    expect(mock.graphqlCalls[0]!.clientGone).toBe(true);
  });

  it('lets its mutation run to its end, so its effect is known', async () => {
    const { mock, baseUrl } = await upstream();
    const url = await proxyUrl(baseUrl);
    expect((await post(url, { query: '{ hello }' })).status).toBe(200);
    mock.resetCounters();
    const release = mock.pauseGraphql();
    await postThenDisconnect(url, { query: 'mutation { touch }' }, mock);
    release();
    await settled(mock, 0);
    expect(mock.graphqlCalls[0]).toMatchObject({ clientGone: false, status: 200 });
    expect(mock.appliedMutations).toBe(1);
  });
});
