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
  return { mode, ...(await spawnListeningProcess(SCRIPT, { MODE: mode, ...env })) };
}

/** Any script that prints `{"port": N}` once it listens on 127.0.0.1, run by tsx with `nodeOptions`. */
export async function spawnListeningProcess(
  script: string,
  env: Record<string, string>,
  nodeOptions: readonly string[] = [],
): Promise<Omit<FarmProcess, 'mode'> & { readonly pid: number }> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
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
      reject(new Error(`${script} did not start: ${stderr}`));
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
      reject(new Error(`${script} exited (${code}): ${stderr}`));
    });
  }).catch(async (error: unknown) => {
    await kill();
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, log: () => stderr, kill, pid: child.pid ?? 0 };
}
