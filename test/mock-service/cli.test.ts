// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenTag } from 'graphql-jwt-auth-react/core';
import { createAuthClient } from '../../src/index.js';
import { freeConsecutivePorts, retryWhilePortTaken } from '../support/free-ports.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The package's bin, from its sources (test:package runs the built one from the tarball). */
const CLI = 'src/bin/graphql-jwt-auth-mock.ts';
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Started {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** Everything printed so far. */
  output(): string;
  /** What it printed on stderr alone, and on stdout alone. */
  stderr(): string;
  stdout(): string;
  /** Settles once the output matches `pattern`. */
  printed(pattern: RegExp | string): Promise<void>;
  regions: Record<string, string>;
}

/** Settles once what `child` printed, as `output` reads it, contains `pattern` (a string) or matches it. */
function whenPrinted(child: ChildProcess, output: () => string, pattern: RegExp | string): Promise<void> {
  const seen = () => (typeof pattern === 'string' ? output().includes(pattern) : pattern.test(output()));
  return new Promise<void>((resolve) => {
    const check = () => {
      if (!seen()) return;
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      resolve();
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    check();
  });
}

/** Starts the CLI (through `npm run`, as a user does, or node directly) and waits for its banner. */
async function startCli(args: string[], { viaNpm = false } = {}): Promise<Started> {
  const child = viaNpm
    ? spawn('npm', ['run', '--silent', 'mock-service', '--', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, [CLI, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  let stderr = '';
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    stderr += chunk;
  });
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
  return {
    child,
    exited,
    output: () => output,
    stderr: () => stderr,
    stdout: () => stdout,
    printed: (pattern) => whenPrinted(child, () => output, pattern),
    regions,
  };
}

/** Starts the CLI on free ports, again on others while another test's socket took one first. */
function startOnFreePorts(count: number, args: (port: number) => string[], options: { viaNpm?: boolean } = {}): Promise<{ port: number; cli: Started }> {
  return retryWhilePortTaken(async () => {
    const port = await freeConsecutivePorts(count);
    return { port, cli: await startCli(args(port), options) };
  });
}

/** What an app pointed at the CLI's regions gets: the demo's pentest count, through a whole client. */
async function countPentests(regions: Record<string, string>, apiKey: string): Promise<number> {
  const client = createAuthClient({ apiKey, region: 'us', regions });
  try {
    return (await client.request<{ pentests_count: number }>('{ pentests_count }')).pentests_count;
  } finally {
    client.dispose();
  }
}

describe('npm run mock-service', () => {
  it('prints the regions={{ … }} to paste, and an app pointed at it gets data', async () => {
    const { port, cli } = await startOnFreePorts(2, (first) => ['--port', String(first), '--region', 'us', '--region', 'eu', '--token-lifetime', '20']);
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
    const tags: string[] = [];
    client.onEvent((event) => {
      if (event.type === 'exchange-end' && event.ok) tags.push(event.tokenTag);
    });
    try {
      await client.request('query Me { session_user_account { name } }');
      tokens.push(client.store.getState().token ?? '');
      await client.request('{ pentests_count }');
    } finally {
      client.dispose();
    }
    for (
      let i = 0;
      i < 200 &&
      cli
        .output()
        .split('\n')
        .filter((l) => l.includes('/v1/')).length < 6;
      i++
    )
      await new Promise((r) => setTimeout(r, 10));
    const lines = cli
      .output()
      .split('\n')
      .filter((line) => / \/v1\//.test(line) && !line.includes('POST http'));
    expect(lines.map((line) => line.replace(/^\d\d:\d\d:\d\d\.\d{3} /, 'T '))).toEqual([
      // The token's name in the log is the one the client's events give it, and tokenTag's.
      `T us POST /v1/auth 200 ${tags[0] ?? 'no event'}`,
      `T us POST /v1/graphql 200 ${tags[0] ?? 'no event'} Me`,
      `T us POST /v1/graphql 200 ${tags[0] ?? 'no event'}`,
    ]);
    expect(tags).toEqual([tokenTag(tokens[0] ?? '')]);
    expect(tokens[0]).toMatch(/^ey/);
    expect(cli.output()).not.toContain(tokens[0]);
    expect(lines.join('\n')).not.toContain('secret-dev-key-42');
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops cleanly when npm gets %s: the same port serves again right away',
    async (signal) => {
      const { port, cli: first } = await startOnFreePorts(1, (free) => ['--port', String(free)], { viaNpm: true });
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
    },
    30_000,
  );

  it('--host binds that address: 127.0.0.2 is this machine too, so no warning, and 127.0.0.1 on the same port is not served', async () => {
    const cli = await startCli(['--port', '0', '--host', '127.0.0.2']);
    const base = cli.regions.us!;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    expect(cli.output()).toContain('Mock service (the demo pentest platform) on 127.0.0.2');
    expect(cli.output()).not.toContain('Warning');
    expect(await countPentests(cli.regions, 'dev-key')).toEqual(expect.any(Number));
    await expect(fetch(base.replace('127.0.0.2', '127.0.0.1'))).rejects.toThrow();
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--host 0.0.0.0 warns on stderr that the key is a demo key other machines can now use, lists where a phone finds it, and serves this machine on 127.0.0.1', async () => {
    const cli = await startCli(['--port', '0', '--host', '0.0.0.0', '--key', 'demo-key-7']);
    const base = cli.regions.us!;
    const port = new URL(base).port;
    expect(base).toBe(`http://127.0.0.1:${port}`);
    await cli.printed('POST /__mock/ routes answer only this machine.');
    const warning = cli.stderr();
    expect(warning).toContain('Warning: --host 0.0.0.0 lets other machines on your network reach this mock');
    expect(warning).toContain('Its key (demo-key-7) is a demo key: anyone who reaches it gets tokens with it. Never pass a real API key with --key');
    // Each IPv4 address of this machine on a network, with the port: where a phone on that network finds it.
    const addresses = Object.entries(networkInterfaces()).flatMap(([name, entries = []]) =>
      entries.filter((entry) => entry.family === 'IPv4' && !entry.internal).map((entry) => `  ${name}: http://${entry.address}:${port}`),
    );
    for (const line of addresses) expect(warning.split('\n')).toContain(line);
    expect(cli.stdout()).not.toContain('Warning');
    expect(await countPentests(cli.regions, 'demo-key-7')).toEqual(expect.any(Number));
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('refuses a --host that is not an IP address with exit code 2', async () => {
    const child = spawn(process.execPath, [CLI, '--host', 'my-laptop.local'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    expect(await new Promise<number | null>((resolve) => child.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('--host must be an IP address (127.0.0.1, 0.0.0.0, 192.168.1.23), got "my-laptop.local"');
  });

  it('refuses a bad flag with exit code 2 and the usage', async () => {
    const child = spawn(process.execPath, [CLI, '--port', 'eighty'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--port must be a whole number');
    expect(stderr).toContain('Usage: graphql-jwt-auth-mock [options]');
  });

  it('--help lists every flag, the e key and the expiry route, and exits 0', async () => {
    const child = spawn(process.execPath, [CLI, '--help'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    expect(await new Promise<number | null>((resolve) => child.once('exit', resolve))).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--region',
      '--key',
      '--token-lifetime',
      '--token-scope',
      '--auth-delay',
      '--graphql-delay',
      '--expired-status',
      '--no-cors-on-expired',
      '--log',
      '--help',
    ]) {
      expect(stdout).toContain(flag);
    }
    expect(stdout).toContain('press e to expire every token');
    expect(stdout).toContain('POST /__mock/expire-tokens');
  });

  it('POST /__mock/expire-tokens from this machine expires every token: an app recovers with exactly one more /v1/auth call', async () => {
    const cli = await startCli(['--port', '0', '--log']);
    const base = cli.regions.us!;
    const client = createAuthClient({ apiKey: 'dev-key', region: 'us', regions: cli.regions });
    const tags: string[] = [];
    client.onEvent((event) => {
      if (event.type === 'exchange-end' && event.ok) tags.push(event.tokenTag);
    });
    try {
      await client.request('{ pentests_count }');
      const expire = await fetch(`${base}/__mock/expire-tokens`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      expect(expire.status).toBe(200);
      expect(await expire.json()).toEqual({ expired: 1 });
      expect(await client.request('{ pentests_count }')).toEqual({ pentests_count: expect.any(Number) as number });
      const [first = 'first tag', second = 'second tag'] = tags;
      expect(first).not.toBe(second);
      await cli.printed(new RegExp(`/v1/graphql 200 ${second}`));
      const lines = cli
        .output()
        .split('\n')
        .filter((line) => / \/(v1|__mock)\//.test(line) && !line.includes('POST http'));
      expect(lines.map((line) => line.replace(/^\d\d:\d\d:\d\d\.\d{3} /, 'T '))).toEqual([
        `T us POST /v1/auth 200 ${first}`,
        `T us POST /v1/graphql 200 ${first}`,
        'T us POST /__mock/expire-tokens 200 —',
        `T us POST /v1/graphql 401 ${first}`,
        `T us POST /v1/auth 200 ${second}`,
        `T us POST /v1/graphql 200 ${second}`,
      ]);
      expect((await fetch(`${base}/__mock/expire-tokens`)).status).toBe(405);
    } finally {
      client.dispose();
    }
  });

  it('--log escapes what a client chose: an operation name with ESC, CR/LF, DEL, C1 and a backslash prints on its line as \\xHH, a long one cut', async () => {
    const cli = await startCli(['--port', '0', '--log']);
    const base = cli.regions.us!;
    const { token } = (await (await fetch(`${base}/v1/auth`, { method: 'POST', body: '{"key":"dev-key"}' })).json()) as { token: string };
    const ask = (operationName: string) =>
      fetch(`${base}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ pentests_count }', operationName }),
      }).then((answer) => answer.status);
    // Would clear the screen, print a forged line, and open a C1 control sequence.
    const forging = 'Q\u001b[2J\r\n12:00:00.000 us POST /v1/auth 200 us#9\u007f\u009b\\x1B';
    const status = await ask(forging);
    const longStatus = await ask('L'.repeat(5_000));
    // Both lines printed, however they came out.
    await cli.printed(/\/v1\/graphql [^\n]*\n[\s\S]*\/v1\/graphql [^\n]*\n/);

    const lines = cli
      .output()
      .split('\n')
      .filter((line) => line.includes(' /v1/'));
    const tag = tokenTag(token);
    expect(lines.map((line) => line.replace(/^\d\d:\d\d:\d\d\.\d{3} /, 'T '))).toEqual([
      `T us POST /v1/auth 200 ${tag}`,
      `T us POST /v1/graphql ${String(status)} ${tag} Q\\x1B[2J\\x0D\\x0A12:00:00.000 us POST /v1/auth 200 us#9\\x7F\\x9B\\x5Cx1B`,
      `T us POST /v1/graphql ${String(longStatus)} ${tag} ${'L'.repeat(200)}… (4800 more characters)`,
    ]);
    // eslint-disable-next-line no-control-regex -- no control character but the line ends reached the terminal
    expect(cli.output()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('pressing e in its terminal expires every token; q quits', async () => {
    // `script` gives the CLI a real terminal (a pty), as a person's shell does.
    const child = spawn('script', ['-qfec', `${process.execPath} ${CLI} --port 0 --log`, '/dev/null'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const printed = (text: string) => whenPrinted(child, () => output, text);
    await printed('Ctrl-C (or q) stops it.');
    const base = /us: '([^']+)'/.exec(output)![1]!;
    const client = createAuthClient({ apiKey: 'dev-key', region: 'us', regions: { us: base } });
    const tags: string[] = [];
    client.onEvent((event) => {
      if (event.type === 'exchange-end' && event.ok) tags.push(event.tokenTag);
    });
    try {
      await client.request('{ pentests_count }');
      child.stdin.write('e');
      await printed('Expired every token issued so far (1)');
      await client.request('{ pentests_count }');
      const [first = 'first tag', second = 'second tag'] = tags;
      await printed(`/v1/graphql 200 ${second}`);
      // The app recovered with one more /v1/auth call: the expired answer, then a second token.
      expect(output.match(/POST \/v1\/auth 200/g)).toHaveLength(2);
      expect(output).toContain(`POST /v1/graphql 401 ${first}`);
    } finally {
      client.dispose();
    }
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.write('q');
    expect(await exited).toBe(0);
  });
});
