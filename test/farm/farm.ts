import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { type AuthClient, createAuthClient } from '../../src/index.js';
import { ItemsDocument } from '../support/documents.js';
import { API_KEY } from '../support/fixtures.js';
import { type RedisServer, startRedis } from './redis-server.js';

const SCRIPT = fileURLToPath(new URL('./farm-process.ts', import.meta.url));

export type Mode = 'token' | 'proxy';

export interface FarmProcess {
  readonly mode: Mode;
  readonly url: string;
  /** What the process wrote to stderr so far (the cache's log lines). */
  readonly log: () => string;
  kill: () => Promise<void>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A real redis-server for this test, stopped after it. */
export async function testRedis(): Promise<RedisServer> {
  const redis = await startRedis();
  cleanups.push(redis.stop);
  return redis;
}

/** One child process serving a handler with the Redis cache; killed after the test. */
export async function startProcess(mode: Mode, env: Record<string, string>): Promise<FarmProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, API_KEY, MODE: mode, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => stopChild(child));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      reject(new Error(`farm process did not start: ${stderr}`));
    }, 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line === undefined) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`farm process exited (${code}): ${stderr}`));
    });
  });
  return { mode, url: `http://127.0.0.1:${port}`, log: () => stderr, kill: () => stopChild(child) };
}

/** Four processes: two token handlers, two proxies, all on one Redis. */
export function startFarm(env: Record<string, string>, modes: readonly Mode[] = ['token', 'proxy', 'token', 'proxy']): Promise<FarmProcess[]> {
  return Promise.all(modes.map((mode) => startProcess(mode, env)));
}

/** `count` browser-side clients spread round-robin over the processes. */
export function browsers(farm: readonly FarmProcess[], count: number, serviceUrl: string): AuthClient[] {
  const clients = Array.from({ length: count }, (_, index) => {
    const process = farm[index % farm.length];
    if (process === undefined) throw new Error('an empty farm');
    return process.mode === 'proxy'
      ? createAuthClient({ graphqlProxy: process.url })
      : createAuthClient({ tokenEndpoint: process.url, regions: { test: serviceUrl } });
  });
  cleanups.push(() => {
    for (const client of clients) client.dispose();
  });
  return clients;
}

/** One query from each client; the failures, if any. */
export async function queryAll(clients: readonly AuthClient[]): Promise<unknown[]> {
  const results = await Promise.allSettled(clients.map((client) => client.request(ItemsDocument)));
  return results.flatMap((result): unknown[] => (result.status === 'rejected' ? [result.reason] : []));
}
