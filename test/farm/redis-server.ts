import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  return address.port;
}

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
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await redisCli(port, 'PING').catch(() => '')).trim() === 'PONG') return;
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
