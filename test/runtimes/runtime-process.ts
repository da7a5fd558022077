import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface RuntimeProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts a runtime's server and resolves once it has said where it listens: a `LISTENING <port>` line
 * of its own, or for workerd (which prints nothing) the first answer on the given port. Fails with the
 * runtime's own output when it exits first, so a runtime that cannot run here fails with its reason.
 */
export async function startRuntime(command: string, args: string[], options: { cwd: string; port?: number }): Promise<RuntimeProcess> {
  const child: ChildProcess = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${command} exited (${String(code)}) before listening:\n${output}`);
  });
  exited.catch(() => undefined);

  const announced = new Promise<number>((resolve) => {
    if (options.port !== undefined) return;
    child.stdout?.on('data', () => {
      const match = /LISTENING (\d+)/.exec(output);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
  });
  const port = options.port ?? (await Promise.race([announced, exited]));
  const url = `http://127.0.0.1:${port}`;
  if (options.port !== undefined) await Promise.race([answers(url, () => child.exitCode !== null), exited]);

  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** Asks until the server answers; bounded by the runtime exiting (the caller races it) and by 600 tries. */
async function answers(url: string, exited: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 600 && !exited(); attempt++) {
    try {
      await fetch(`${url}/runtime`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} never answered`);
}
