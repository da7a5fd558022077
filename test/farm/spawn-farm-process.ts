import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SCRIPT = fileURLToPath(new URL('./farm-process.ts', import.meta.url));

/**
 * Inside the repository, so that Node finds node_modules and the package's own name (the bench's
 * server imports `graphql-jwt-auth-react/server`, the built dist/) from the bundles as from the scripts.
 */
const BUNDLES = fileURLToPath(new URL('../../.cache/spawned/', import.meta.url));

const bundles = new Map<string, Promise<string>>();

/**
 * The script and the sources it imports as one ES module, node_modules left to Node. Each child
 * started with `--import tsx` transpiled every source again (0.6 s of CPU a start, and the farm tests
 * and benches start dozens); esbuild bundles a script once per test process, in milliseconds. Named
 * by its content, so test processes that bundle the same script at once write the same file. Nor does
 * it name every function as tsx does (esbuild's keepNames): each name set that way gave the function
 * its own property store, 256 B a closure, about 6 kB of every subscription's heap.
 */
export function bundled(script: string): Promise<string> {
  let file = bundles.get(script);
  if (file === undefined) {
    file = bundle(script);
    bundles.set(script, file);
  }
  return file;
}

async function bundle(script: string): Promise<string> {
  const result = await build({
    entryPoints: [script],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // Not the repository's tsconfig: its paths map the package's own name to the sources, and the
    // bench's server must import the built dist/ as an app would.
    tsconfigRaw: {},
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`esbuild wrote no bundle of ${script}`);
  const file = `${BUNDLES}${basename(script, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  await mkdir(BUNDLES, { recursive: true });
  // Written aside, then renamed: a child of another test process never reads a half-written file.
  const partial = `${file}.${String(process.pid)}`;
  await writeFile(partial, code);
  await rename(partial, file);
  return file;
}

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
 * Starts test/farm/farm-process.ts in a Node child (bundled with the sources) and waits until it
 * listens. `env` names the service, Redis (none: no token cache) and the cache's settings.
 */
export async function spawnFarmProcess(mode: Mode, env: Record<string, string>): Promise<FarmProcess> {
  return { mode, ...(await spawnListeningProcess(SCRIPT, { MODE: mode, ...env })) };
}

/** Any script that prints `{"port": N}` once it listens on 127.0.0.1, bundled, run by Node with `nodeOptions`. */
export async function spawnListeningProcess(
  script: string,
  env: Record<string, string>,
  nodeOptions: readonly string[] = [],
): Promise<Omit<FarmProcess, 'mode'> & { readonly pid: number }> {
  const child = spawn(process.execPath, [...nodeOptions, await bundled(script)], {
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
    // Four processes and their Redis Cluster clients took 16 s to start under stress-ng on a loaded 2-core machine.
    const timer = setTimeout(() => {
      reject(new Error(`${script} did not start: ${stderr}`));
    }, 45_000);
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
