// The Node recipe of docs/modes.md as a user runs it: a fresh project with the packed package, graphql
// and @hono/node-server, the recipe's server.mjs on the system Node (20 here), the mock service upstream.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMockService, type StartedMockService } from '../support/serve.ts';
import { npmInstall, root } from './throwaway-app.ts';

const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'node-recipe');
const SYSTEM_NODE = '/usr/bin/node';
let mock: StartedMockService;
let server: ChildProcess | undefined;
let base = '';
let session = '';
const DEMO_PASSWORD = 'recipe password';

describe('the Node recipe (server.mjs) on the system Node', () => {
  beforeAll(async () => {
    await mkdir(appDir, { recursive: true });
    const dependencies = { 'graphql-jwt-auth-react': `file:${tarball}`, graphql: '16.15.0', '@hono/node-server': '2.1.8' };
    await writeFile(join(appDir, 'package.json'), JSON.stringify({ name: 'node-recipe', private: true, type: 'module', dependencies }));
    await npmInstall(appDir);
    await copyFile(join(root, 'test/readme/server-node.mjs'), join(appDir, 'server.mjs'));
    mock = await startMockService({ apiKeys: ['recipe-key'] });
    const child = spawn(SYSTEM_NODE, ['server.mjs'], {
      cwd: appDir,
      env: { ...process.env, API_KEY: 'recipe-key', DEMO_PASSWORD, UPSTREAM_URL: mock.baseUrl, PORT: '0' },
    });
    server = child;
    base = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.once('exit', (code) => {
        reject(new Error(`server.mjs exited ${String(code)}: ${output}`));
      });
    });
    // The recipe's sign-in, as the browser's form posts it: its Set-Cookie is the session authorizeRequest checks.
    const signIn = await fetch(`${base}/api/sign-in`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ password: DEMO_PASSWORD }) });
    expect(signIn.status).toBe(303);
    session = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  });

  afterAll(async () => {
    server?.kill('SIGTERM');
    await mock.close();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: session }, body: JSON.stringify(body) });

  it('answers a token, data through the proxy, and ok at /healthz, with one /v1/auth call between them', async () => {
    const token = (await (await post('/api/token', {})).json()) as { token: string; region: string };
    expect(token.region).toBe('us');
    expect(mock.service.issuedTokens).toEqual([token.token]);
    const answer = await post('/api/graphql', { query: '{ session_user_account { name } }' });
    expect(await answer.json()).toEqual({ data: { session_user_account: { name: 'Dana Demo (us)' } } });
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ state: 'ok', code: null });
    expect(mock.service.authCalls).toHaveLength(1);
  });

  it('refuses a caller without a session, one with a session id the server never issued, one with two session cookies, and a page of another origin', async () => {
    expect((await fetch(`${base}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    const forged = `__Host-session=${'x'.repeat(43)}`;
    expect((await fetch(`${base}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: forged }, body: '{}' })).status).toBe(
      401,
    );
    // The user's own session beside another (tossed in by a sibling subdomain): neither is picked.
    const twice = `${forged}; ${session}`;
    expect((await fetch(`${base}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: twice }, body: '{}' })).status).toBe(401);
    expect(session.startsWith('__Host-session=')).toBe(true);
    const foreign = await fetch(`${base}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session, origin: 'http://localhost:5173' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
  });
});
