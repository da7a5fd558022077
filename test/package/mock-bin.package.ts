// The mock service as a new user gets it: a fresh project that installed only the packed package runs
// `npx graphql-jwt-auth-mock` on the system Node (20 here), sees its help, and gets a token and data
// from it; `POST /__mock/expire-tokens` then makes an app renew once.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { npmInstall, run } from './throwaway-app.ts';

const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'mock-bin');
const SYSTEM_NODE = '/usr/bin/node';
/** The system Node first on PATH, as in a user's shell: `npx` and the bin's `#!/usr/bin/env node` find it. */
const env = { ...process.env, PATH: [dirname(SYSTEM_NODE), ...(process.env.PATH ?? '').split(delimiter)].join(delimiter) };
let server: ChildProcess | undefined;

describe('npx graphql-jwt-auth-mock, from the installed package only', () => {
  beforeAll(async () => {
    await mkdir(appDir, { recursive: true });
    await writeFile(
      join(appDir, 'package.json'),
      JSON.stringify({ name: 'fresh', private: true, dependencies: { 'graphql-jwt-auth-react': `file:${tarball}` } }),
    );
    await npmInstall(appDir);
  });

  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('--help runs on the system Node and lists the flags', async () => {
    const { stdout } = await run('npx', ['--no-install', 'graphql-jwt-auth-mock', '--help'], { cwd: appDir, env });
    expect(stdout).toContain('Usage: graphql-jwt-auth-mock [options]');
    expect(stdout).toContain('--token-lifetime SEC');
    expect((await run(SYSTEM_NODE, ['--version'])).stdout).toMatch(/^v20\./);
  });

  it('serves a token and data, and expires every token on POST /__mock/expire-tokens', async () => {
    const child = spawn('npx', ['--no-install', 'graphql-jwt-auth-mock', '--port', '0', '--key', 'fresh-key'], {
      cwd: appDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let output = '';
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const match = /us: '([^']+)'/.exec(output);
        if (match?.[1] !== undefined && output.includes('Ctrl-C')) resolve(match[1]);
      });
      child.once('exit', (code) => {
        reject(new Error(`exited ${String(code)}: ${output}`));
      });
    });
    const auth = await fetch(`${base}/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"key":"fresh-key"}' });
    const { token } = (await auth.json()) as { token: string };
    const ask = () =>
      fetch(`${base}/v1/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{"query":"{ pentests_count }"}',
      });
    expect(((await (await ask()).json()) as { data: { pentests_count: number } }).data.pentests_count).toBeGreaterThan(0);
    const expire = await fetch(`${base}/__mock/expire-tokens`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await expire.json()).toEqual({ expired: 1 });
    expect(await (await ask()).json()).toEqual({ message: 'The incoming token has expired' });
  });
});
