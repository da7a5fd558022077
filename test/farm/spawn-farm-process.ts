import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./farm-process.ts', import.meta.url));

export type Mode = 'token' | 'proxy';

export interface FarmProcess {
  readonly mode: Mode;
  readonly url: string;
  /** What the process wrote to stderr so far (the cache's log lines). */
  readonly log: () => string;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill: () => Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * Starts test/farm/farm-process.ts in a Node child (tsx loads the sources) and waits until it
 * listens. `env` names the service, Redis (none: no token cache) and the cache's settings.
 */
export async function spawnFarmProcess(mode: Mode, env: Record<string, string>): Promise<FarmProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, MODE: mode, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const kill = () => stopChild(child);
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
  }).catch(async (error: unknown) => {
    await kill();
    throw error;
  });
  return { mode, url: `http://127.0.0.1:${port}`, log: () => stderr, kill };
}
