import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../src/testing/index.ts';
// The same app as every runtime serves, run here on Node: the reference for the refusals.
import { createRuntimeApp, SESSION_COOKIE } from './app/app.mjs';
import { type RuntimeProcess, startRuntime } from './runtime-process.ts';
import { startWorkerd } from './workerd-config.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = (name: string) => join(here, 'node_modules', '.bin', name);
const API_KEY = 'runtime-key';

interface Runtime {
  name: string;
  start: (upstream: string) => Promise<RuntimeProcess>;
  /** Where the /core client runs, when the runtime needs more for it than for the server entries. */
  startForCore?: (upstream: string) => Promise<RuntimeProcess>;
}

const deno = (flags: string[]) => (upstream: string) => startRuntime(bin('deno'), ['run', ...flags, 'app/serve-deno.mjs', upstream, API_KEY], { cwd: here });

const RUNTIMES: Runtime[] = [
  { name: 'bun', start: (upstream) => startRuntime(bin('bun'), ['run', 'app/serve-bun.mjs', upstream, API_KEY], { cwd: here }) },
  {
    name: 'deno',
    // The server entries load nothing that reads the environment: the network alone.
    start: deno(['--allow-net=127.0.0.1']),
    // /core's graphql (reached through graphql-request) reads process.env.NODE_ENV when it is imported.
    startForCore: deno(['--allow-net=127.0.0.1', '--allow-env=NODE_ENV']),
  },
  { name: 'workerd', start: (upstream) => startWorkerd('worker.mjs', { UPSTREAM: upstream, API_KEY }) },
];

const HELLO = JSON.stringify({ query: '{ hello }' });
const json = { 'content-type': 'application/json' };
const signedIn = { ...json, cookie: SESSION_COOKIE };

/** Requests the handlers must refuse, and what each answer must be on every runtime: Node's. */
const REFUSED: Array<[string, { method?: string; headers?: Record<string, string>; body?: string; paths?: string[] }]> = [
  ['no session', { headers: json, body: HELLO }],
  ['another origin', { headers: { ...signedIn, origin: 'https://evil.example' }, body: HELLO }],
  ['a cross-site fetch', { headers: { ...signedIn, 'sec-fetch-site': 'cross-site' }, body: HELLO }],
  ['GET', { method: 'GET', headers: { cookie: SESSION_COOKIE } }],
  ['text/plain', { headers: { 'content-type': 'text/plain', cookie: SESSION_COOKIE }, body: HELLO }],
  ['a body that is not JSON', { headers: signedIn, body: '{"query":' }],
  ['a body nested deeper than maxJsonDepth', { headers: signedIn, body: `{"query":"{ hello }","variables":{"v":${'['.repeat(70)}${']'.repeat(70)}}}` }],
  // The token handler's limit (16 KiB): a body a runtime takes in whole before the early answer. Over
  // the proxy's 1 MiB, workerd answers 413 and closes the connection while the client still writes.
  ['a body over the limit', { headers: signedIn, body: JSON.stringify({ expired: 'x'.repeat(17 * 1024) }), paths: ['/api/token'] }],
];

async function answerOf(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: compared as text
  }
  return { status: response.status, body };
}

describe.each(RUNTIMES)('on $name', (runtime) => {
  let mock: MockService;
  let closeMock: () => Promise<void>;
  let server: RuntimeProcess;
  let coreServer: RuntimeProcess | undefined;
  const authCalls = () => mock.authCalls.length;

  beforeAll(async () => {
    mock = createMockService({
      typeDefs: 'type Query { hello: String }',
      resolvers: { Query: { hello: () => 'world' } },
      apiKeys: [API_KEY],
      regions: ['local'],
    });
    const listening = await mock.listen();
    closeMock = listening.close;
    server = await runtime.start(listening.baseUrl);
    coreServer = await runtime.startForCore?.(listening.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await coreServer?.stop();
    await server.stop();
    await closeMock();
  });

  it('runs, and says which version', async () => {
    const { runtime: reported } = (await (await fetch(`${server.url}/runtime`)).json()) as { runtime: string };
    // A Worker cannot see workerd's version; the binary says it.
    const version = runtime.name === 'workerd' ? `${reported} ${execFileSync(bin('workerd'), ['--version'], { encoding: 'utf8' }).trim()}` : reported;
    console.log(`${runtime.name}: ${version}`);
    expect(version).toMatch(new RegExp(`^${runtime.name === 'workerd' ? 'workerd' : `${runtime.name} \\d`}`));
  });

  it('the GraphQL proxy gets data; after the upstream expires every token, one more /v1/auth call and data again', async () => {
    const ask = () => fetch(`${server.url}/api/graphql`, { method: 'POST', headers: signedIn, body: HELLO });
    const start = authCalls();
    expect(await (await ask()).json()).toEqual({ data: { hello: 'world' } });
    expect(authCalls() - start).toBe(1);

    mock.expireTokensNow();
    const expiredAnswers = mock.graphqlCalls.filter((call) => call.expired).length;
    const after = await ask();
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ data: { hello: 'world' } });
    expect(authCalls() - start).toBe(2);
    expect(mock.graphqlCalls.filter((call) => call.expired).length - expiredAnswers).toBe(1);
  });

  it('the proxy given a list runs the listed operation by its id, and refuses another text with 403 before it reaches upstream', async () => {
    const ask = (body: unknown) => fetch(`${server.url}/api/graphql-listed`, { method: 'POST', headers: signedIn, body: JSON.stringify(body) });
    const sent = mock.graphqlCalls.length;
    expect(await (await ask({ documentId: 'hello-id' })).json()).toEqual({ data: { hello: 'world' } });
    const refused = await ask({ query: '{ hello hello2: hello }' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('OPERATION_NOT_ALLOWED');
    expect(mock.graphqlCalls.slice(sent).map((call) => (JSON.parse(call.body) as { query: string }).query)).toEqual(['{ hello }']);
  });

  it('the token handler answers a token; one the upstream expired is renewed with one /v1/auth call', async () => {
    const ask = (body: unknown) => fetch(`${server.url}/api/token`, { method: 'POST', headers: signedIn, body: JSON.stringify(body) });
    const start = authCalls();
    const first = (await (await ask({})).json()) as { token: string; region: string };
    expect(first.region).toBe('local');
    expect(mock.issuedTokens).toContain(first.token);
    expect(authCalls() - start).toBe(1);

    mock.expireTokensNow();
    const renewed = await ask({ expired: first.token });
    expect(renewed.status).toBe(200);
    const second = (await renewed.json()) as { token: string };
    expect(second.token).not.toBe(first.token);
    expect(authCalls() - start).toBe(2);
  });

  it('the /core client with an API key gets data, and after expiry renews once without an error', async () => {
    const ask = async (): Promise<unknown> => (await fetch(`${(coreServer ?? server).url}/core`)).json();
    const start = authCalls();
    expect(await ask()).toEqual({ data: { hello: 'world' } });
    expect(authCalls() - start).toBe(1);
    mock.expireTokensNow();
    expect(await ask()).toEqual({ data: { hello: 'world' } });
    expect(authCalls() - start).toBe(2);
  });

  it.each(REFUSED)('refuses %s with the status and body Node answers', async (_name, init) => {
    const nodeApp = createRuntimeApp({ upstream: 'http://127.0.0.1:9', apiKey: API_KEY });
    const requestInit: RequestInit = { method: init.method ?? 'POST', headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) };
    const start = authCalls();
    for (const path of init.paths ?? ['/api/graphql', '/api/token']) {
      const onNode = await answerOf(await nodeApp(new Request(`http://127.0.0.1:1${path}`, requestInit)));
      expect(onNode.status).toBeGreaterThanOrEqual(400);
      expect(await answerOf(await fetch(`${server.url}${path}`, requestInit))).toEqual(onNode);
    }
    expect(authCalls() - start).toBe(0);
  });
});
