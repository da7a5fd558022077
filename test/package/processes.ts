// Processes a throwaway app's test starts (servers, the mock's terminal, `next start`): their output
// read as a person reads it, a wait for a line, and all of them stopped with their children.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { delimiter, dirname } from 'node:path';

export const SYSTEM_NODE = '/usr/bin/node';
/**
 * A user's shell: the system Node first on PATH (`npx` and the bins' `#!/usr/bin/env node` find it), and
 * none of the variables vitest sets. `NODE_ENV=test` would have Next.js skip `.env.local`.
 */
export const userEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries({ ...process.env, PATH: [dirname(SYSTEM_NODE), ...(process.env.PATH ?? '').split(delimiter)].join(delimiter) }).filter(
    ([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST') && name !== 'TEST',
  ),
);

/** A process and everything it printed so far, with a wait for a line to appear. */
export interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  printed: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
}

const children: ChildProcessWithoutNullStreams[] = [];

export function start(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Running {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? userEnv, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: string) => {
    // Without the terminal's colours, so patterns read the text a person sees.
    output += chunk.replace(/\u001b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
    for (const listener of listeners) listener();
  };
  child.stdout.setEncoding('utf8').on('data', append);
  child.stderr.setEncoding('utf8').on('data', append);
  const printed = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${command} did not print ${String(pattern)} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const exited = (code: number | null) => {
        finish();
        reject(new Error(`${command} exited (${String(code)}) before printing ${String(pattern)}:\n${output}`));
      };
      const check = () => {
        const match = pattern.exec(output);
        if (match === null) return;
        finish();
        resolve(match);
      };
      const finish = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', exited);
      };
      listeners.add(check);
      child.once('exit', exited);
      check();
    });
  return { child, output: () => output, printed };
}

/**
 * `npx graphql-jwt-auth-mock --log` in a real terminal (`script` gives it a pty), so `e` can be pressed;
 * `args` are more of its options (`--key K`), plain words only, as they go through a shell.
 */
export async function startMock(appDir: string, args: readonly string[] = []): Promise<Running & { baseUrl: string; authCalls: () => number }> {
  const odd = args.find((arg) => !/^[\w.-]+$/.test(arg));
  if (odd !== undefined) throw new Error(`startMock takes plain words, not ${JSON.stringify(odd)}`);
  const mock = start('script', ['-qfec', ['npx --no-install graphql-jwt-auth-mock --port 0 --log', ...args].join(' '), '/dev/null'], { cwd: appDir });
  const [, baseUrl] = await mock.printed(/us: '(http:\/\/127\.0\.0\.1:\d+)'/);
  await mock.printed(/Ctrl-C \(or q\) stops it\./);
  return { ...mock, baseUrl: baseUrl ?? '', authCalls: () => mock.output().match(/POST \/v1\/auth 200/g)?.length ?? 0 };
}

/** Stops every process started so far, each with its process group (npx, script, vite's children). */
export function stopAll(): void {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
