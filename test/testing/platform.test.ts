import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { base64urlDecode, base64urlEncode } from '../../src/testing/base64url.ts';
import { createDemoService as createMockService } from '../support/mock-service.js';
import { startMockService } from '../support/serve.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serviceDir = join(root, 'mock-service');
const closers: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function start() {
  const started = await startMockService({ apiKeys: ['k'] });
  closers.push(started.close);
  return started;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function tokenFrom(baseUrl: string): Promise<string> {
  return ((await (await post(`${baseUrl}/v1/auth`, { key: 'k' })).json()) as { token: string }).token;
}

describe('the mock service and the demo data are platform-neutral', () => {
  it('import nothing from Node at run time and use no Node globals: they run in the browser under MSW too', () => {
    const dirs = [join(root, 'src/testing'), join(serviceDir, 'pentest')];
    const files = dirs.flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join(dir, file)),
    );
    expect(files.length).toBeGreaterThanOrEqual(20);
    const offending = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      // Type-only imports are erased; listen() reaches node:http through process.getBuiltinModule.
      const hits = source.match(/^import (?!type )[^;]*from\s+['"]node:|\bBuffer\b|\bprocess\.|require\(/gm) ?? [];
      return hits.map((hit) => `${relative(root, file)}: ${hit}`);
    });
    expect(offending).toEqual([]);
  });

  it('decodes base64url strictly: foreign characters and impossible lengths are null', () => {
    const text = 'héllo, wörld ✓';
    expect(new TextDecoder().decode(base64urlDecode(base64urlEncode(text)) ?? undefined)).toBe(text);
    expect(base64urlEncode(new Uint8Array([251, 255]))).toBe('-_8');
    for (const bad of ['ab+c', 'ab/c', 'abc=', 'a b', 'abcde']) expect(base64urlDecode(bad)).toBeNull();
  });

  it('tells subscribers when a call arrives and when it is answered, until they unsubscribe', async () => {
    const service = createMockService({ apiKeys: ['k'] });
    const seen: number[] = [];
    const unsubscribe = service.subscribe(() => seen.push(service.authCalls[0]?.status ?? -1));
    const auth = () => service.handle(new Request('http://mock.test/v1/auth', { method: 'POST', body: '{"key":"k"}' }));
    expect((await auth()).status).toBe(200);
    expect(seen).toEqual([0, 200]);
    unsubscribe();
    await auth();
    expect(seen).toEqual([0, 200]);
    expect(service.authCalls).toHaveLength(2);
  });
});

describe('CORS', () => {
  it('answers preflights for content-type and authorization without recording them', async () => {
    const { service, baseUrl } = await start();
    const preflight = await fetch(`${baseUrl}/v1/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.split(/,\s*/).sort()).toEqual(['authorization', 'content-type']);
    expect(service.graphqlCalls).toHaveLength(0);
  });

  it('puts CORS headers on answers, and leaves them off the expired answer when corsOnExpired is false', async () => {
    const { service, baseUrl } = await start();
    const token = await tokenFrom(baseUrl);
    const query = { query: '{ viewer { id } }' };
    const allowOrigin = async () =>
      (await post(`${baseUrl}/v1/graphql`, query, { authorization: `Bearer ${token}` })).headers.get('access-control-allow-origin');
    expect(await allowOrigin()).toBe('*');

    service.expireToken(token);
    const expired = await post(`${baseUrl}/v1/graphql`, query, { authorization: `Bearer ${token}` });
    expect([expired.status, expired.headers.get('access-control-allow-origin')]).toEqual([401, '*']);
    service.corsOnExpired = false;
    const bare = await post(`${baseUrl}/v1/graphql`, query, { authorization: `Bearer ${token}` });
    expect([bare.status, await bare.text(), bare.headers.get('access-control-allow-origin')]).toEqual([
      401,
      '{"message":"The incoming token has expired"}',
      null,
    ]);
    // The internal marker used to spot the expired answer never leaves the service.
    expect([...bare.headers.keys()].filter((name) => name.startsWith('x-mock'))).toEqual([]);
    // Only the expired answer loses them.
    expect((await post(`${baseUrl}/v1/auth`, { key: 'k' })).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('can be switched off entirely, and then OPTIONS is an ordinary recorded 405', async () => {
    const { service, baseUrl } = await start();
    service.cors = false;
    const auth = await post(`${baseUrl}/v1/auth`, { key: 'k' });
    expect(auth.headers.get('access-control-allow-origin')).toBeNull();
    const options = await fetch(`${baseUrl}/v1/auth`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST' },
    });
    expect(options.status).toBe(405);
    expect(service.authCalls.map((call) => `${call.method} ${call.status}`)).toEqual(['POST 200', 'OPTIONS 405']);
  });
});
