import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort, retryWhilePortTaken } from '../support/free-ports.ts';

const run = promisify(execFile);

/** redis-cli against the test's server; its output as text. */
export async function redisCli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);
  return stdout;
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Kills the server at once (SIGKILL): clients see the connection drop. */
  kill: () => Promise<void>;
  /** Starts it again on the same port, empty (no persistence). */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Debian's redis-server on a free 127.0.0.1 port, persistence off, started and stopped by the test. */
export function startRedis(): Promise<RedisServer> {
  // Started again on another port when the one found free was taken before redis-server bound it.
  return retryWhilePortTaken(async () => startRedisOn(await freePort()));
}

async function startRedisOn(port: number): Promise<RedisServer> {
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const running = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = running;
    let output = '';
    running.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    running.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await redisCli(port, 'PING').catch(() => '')).trim() === 'PONG') return;
      if (running.exitCode !== null) throw new Error(`redis-server exited (${String(running.exitCode)}) before answering on port ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  }

  async function kill(): Promise<void> {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, restart: start, stop: kill };
}
