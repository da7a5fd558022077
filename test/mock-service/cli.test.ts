// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../src/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Started {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** Everything printed so far. */
  output(): string;
  regions: Record<string, string>;
}

/** Starts the CLI (through `npm run`, as a user does, or node directly) and waits for its banner. */
async function startCli(args: string[], { viaNpm = false } = {}): Promise<Started> {
  const child = viaNpm
    ? spawn('npm', ['run', '--silent', 'mock-service', '--', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, ['mock-service/node/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /regions=\{\{ (.*) \}\}/.exec(output);
      if (match?.[1] !== undefined && output.includes('Ctrl-C')) resolve(match[1]);
    });
    child.once('exit', (code) => {
      reject(new Error(`exited ${String(code)} before listening: ${output}`));
    });
  });
  // The line is JavaScript an app pastes: `us: 'http://127.0.0.1:4000', eu: '…'`.
  const regions = Object.fromEntries([...line.matchAll(/(\w+): '([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
  return { child, exited, output: () => output, regions };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('npm run mock-service', () => {
  it('prints the regions={{ … }} to paste, and an app pointed at it gets data', async () => {
    const port = await freePort();
    const cli = await startCli(['--port', String(port), '--region', 'us', '--region', 'eu', '--token-lifetime', '20']);
    expect(cli.output()).toContain(`apiKey="dev-key" region="us" regions={{ us: 'http://127.0.0.1:${port}', eu: 'http://127.0.0.1:${port + 1}' }}`);
    expect(cli.output()).toContain('token lifetime 20 s');
    const client = createAuthClient({ apiKey: 'dev-key', region: 'eu', regions: cli.regions });
    try {
      const data = await client.request<{ session_user_account: { name: string } }>('query { session_user_account { name } }');
      expect(data.session_user_account.name).toBe('Dana Demo (eu)');
      const { exp, iat } = JSON.parse(Buffer.from(client.store.getState().token!.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, number>;
      expect(exp! - iat!).toBe(20);
    } finally {
      client.dispose();
    }
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--log prints one line per call: time, region, method, path, status, token tag; never a token or the key', async () => {
    const cli = await startCli(['--port', '0', '--log', '--key', 'secret-dev-key-42']);
    const client = createAuthClient({ apiKey: 'secret-dev-key-42', region: 'us', regions: cli.regions });
    const tokens: string[] = [];
    try {
      await client.request('query Me { session_user_account { name } }');
      tokens.push(client.store.getState().token ?? '');
      await client.request('{ pentests_count }');
    } finally {
      client.dispose();
    }
    for (let i = 0; i < 200 && cli.output().split('\n').filter((l) => l.includes('/v1/')).length < 6; i++) await new Promise((r) => setTimeout(r, 10));
    const lines = cli.output().split('\n').filter((line) => / \/v1\//.test(line) && !line.includes('POST http'));
    expect(lines.map((line) => line.replace(/^\d\d:\d\d:\d\d\.\d{3} /, 'T '))).toEqual([
      'T us POST /v1/auth 200 us#1',
      'T us POST /v1/graphql 200 us#1 Me',
      'T us POST /v1/graphql 200 us#1',
    ]);
    expect(tokens[0]).toMatch(/^ey/);
    expect(cli.output()).not.toContain(tokens[0]);
    expect(lines.join('\n')).not.toContain('secret-dev-key-42');
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('stops cleanly when npm gets %s: the same port serves again right away', async (signal) => {
    const port = await freePort();
    const first = await startCli(['--port', String(port)], { viaNpm: true });
    expect(first.regions).toEqual({ us: `http://127.0.0.1:${port}` });
    // Only npm is signalled, as a process manager or an IDE's stop button does.
    first.child.kill(signal);
    await first.exited;
    const second = await startCli(['--port', String(port)], { viaNpm: true });
    expect(second.output()).not.toContain('EADDRINUSE');
    const auth = await fetch(`http://127.0.0.1:${port}/v1/auth`, { method: 'POST', body: '{"key":"dev-key"}' });
    expect(auth.status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 30_000);

  it('refuses a bad flag with exit code 2 and the usage', async () => {
    const child = spawn(process.execPath, ['mock-service/node/cli.ts', '--port', 'eighty'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--port must be a whole number');
    expect(stderr).toContain('Usage: npm run mock-service');
  });
});
