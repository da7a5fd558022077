import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, retryWhilePortTaken } from '../../test/support/free-ports.ts';

export const EXAMPLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples/nextjs');
const NEXT_BIN = join(EXAMPLE_DIR, 'node_modules/next/dist/bin/next');
const READY_TIMEOUT_MS = 60_000;

/**
 * What the example reads from its environment. NODE_ENV is set because vitest's 'test' would make
 * Next build a non-standard, half-development app.
 */
export interface ExampleEnv {
  API_KEY: string;
  SESSION_SECRET: string;
  UPSTREAM_URL: string;
}

function nextEnv(env: ExampleEnv): NodeJS.ProcessEnv {
  return { ...process.env, ...env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
}

/** Runs the Next CLI to completion; rejects with its output when it fails. */
function runNext(args: string[], env: ExampleEnv): Promise<string> {
  if (!existsSync(NEXT_BIN)) {
    throw new Error('examples/nextjs is not installed: run `npm run install-library` in examples/nextjs');
  }
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [NEXT_BIN, ...args], { cwd: EXAMPLE_DIR, env: nextEnv(env) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolvePromise(output);
      else reject(new Error(`next ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

export function buildExample(env: ExampleEnv): Promise<string> {
  return runNext(['build'], env);
}

export interface StartedExample {
  readonly url: string;
  /** Everything `next start` printed, for failure messages. */
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${output()}`);
    const answered = await fetch(url, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`next start did not answer within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/** `next start -H 127.0.0.1` on a free port, after `next build` (on another when the port was taken before Next bound it). */
export function startExample(env: ExampleEnv): Promise<StartedExample> {
  return retryWhilePortTaken(async () => startExampleOn(await freePort(), env));
}

async function startExampleOn(port: number, env: ExampleEnv): Promise<StartedExample> {
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: EXAMPLE_DIR,
    env: nextEnv(env),
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((done) => {
      child.once('exit', () => {
        done();
      });
    });
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilServing(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: () => log, stop };
}
