// @vitest-environment node
// How a handler reads a body: nesting counted as JSON nests (siblings close what they open, strings and
// their escapes hide brackets), the byte limit exact at its edge whether the body is declared or
// chunked, and a declared length over the limit answered before any of the body is read.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createGraphQLProxy, type GraphQLProxyOptions } from '../../src/server/index.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';
import { hasSession, post, serveHandler, SESSION_COOKIE } from './serve-handler.js';

const proxy = (running: Running, extra: Partial<GraphQLProxyOptions> = {}) =>
  createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, ...extra });

/** `{"pad":"…","query":"{ pentests_count }"}` of exactly `bytes` bytes: the query in the last chunk. */
function bodyOf(bytes: number): string {
  const empty = JSON.stringify({ pad: '', query: '{ pentests_count }' });
  return JSON.stringify({ pad: 'x'.repeat(bytes - empty.length), query: '{ pentests_count }' });
}

/** A body in chunks, without Content-Length, as a chunked upload arrives. */
function chunked(text: string, parts: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.byteLength / parts);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

const inProcess = (handler: ReturnType<typeof proxy>, body: BodyInit, headers: Record<string, string> = {}) =>
  handler.fetchInProcess('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' } as RequestInit);

describe('nesting is counted as JSON nests', () => {
  it('siblings close what they open: four arrays side by side at depth 3 pass a limit of 3', async () => {
    const running = await startService();
    const url = await serveHandler(proxy(running, { maxJsonDepth: 3 }));
    const answer = await post(url, '{"query":"{ pentests_count }","variables":{"a":[],"b":[],"c":{},"d":[]}}');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { pentests_count: expect.any(Number) as number } });
  });

  it('an escaped quote does not end a string: the brackets after it stay inside', async () => {
    const running = await startService();
    const url = await serveHandler(proxy(running, { maxJsonDepth: 3 }));
    const answer = await post(url, JSON.stringify({ query: '{ pentests_count }', variables: { s: 'a"[[[[[[[[{{{{' } }));
    expect(answer.status).toBe(200);
  });
});

describe('the byte limit at its edge', () => {
  it('Content-Length exactly maxBodyBytes is read; one byte more is 413', async () => {
    const running = await startService();
    const url = await serveHandler(proxy(running, { maxBodyBytes: 200 }));
    expect(bodyOf(200)).toHaveLength(200);
    expect((await post(url, bodyOf(200))).status).toBe(200);
    const over = await post(url, bodyOf(201));
    expect({ status: over.status, body: (await over.json()) as unknown }).toEqual({ status: 413, body: { error: 'the body exceeds 200 bytes' } });
    expect(running.service.graphqlCalls).toHaveLength(1);
  });

  it('a chunked body is put back together in order; exactly the limit is read, one byte more is 413', async () => {
    const running = await startService();
    const handler = proxy(running, { maxBodyBytes: 200 });
    const whole = await inProcess(handler, chunked(bodyOf(200), 7));
    expect(whole.status).toBe(200);
    expect(await whole.json()).toEqual({ data: { pentests_count: expect.any(Number) as number } });
    expect((await inProcess(handler, chunked(bodyOf(201), 7))).status).toBe(413);
    expect(JSON.parse(running.service.graphqlCalls[0]?.body ?? '')).toEqual({ query: '{ pentests_count }' });
    handler.dispose();
  });

  it('no body at all (in process, no Content-Length) is "not JSON": 400, nothing upstream', async () => {
    const running = await startService();
    const handler = proxy(running);
    const answer = await handler.fetchInProcess('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({ status: 400, body: { error: 'the body is not JSON' } });
    expect(running.service.graphqlCalls).toHaveLength(0);
    handler.dispose();
  });

  it('a declared length over the limit is answered 413 at once, before any of the body is sent', async () => {
    const running = await startService();
    const url = new URL(`${await serveHandler(proxy(running, { maxBodyBytes: 1_024 }))}/api/graphql`);
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: SESSION_COOKIE, 'content-length': String(100 * 1024 * 1024) },
      });
      outgoing.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        outgoing.destroy();
      });
      outgoing.on('error', reject);
      outgoing.flushHeaders(); // the headers go out; not one byte of the body ever does
    });
    expect(status).toBe(413);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });
});
