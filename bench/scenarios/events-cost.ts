import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BundleRow, buildApp } from './bundle.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * The commit that brought client events (client.onEvent, issue 34). What they cost the minimal app is
 * that app built from this commit's sources less the same app built from its parent's: the commit
 * changed nothing else the app bundles, and the same app file is built both times.
 */
export const EVENTS_COMMIT = 'b2338650281be2bf0889e3f86726bb363df8af8b';

/** The minimal app built from the library's sources at `commit`, extracted beside a link to node_modules. */
async function appAt(commit: string): Promise<{ minBytes: number; gzipBytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-events-'));
  try {
    await run('sh', ['-c', `git -C "${root}" archive "${commit}" src | tar -x -C "${dir}"`]);
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return await buildApp('ours.tsx', join(dir, 'src/index.ts'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The events' row, or none (said on stderr) where the history is not there (a shallow clone). */
export async function eventsCost(): Promise<BundleRow[]> {
  const present = await run('git', ['-C', root, 'cat-file', '-e', `${EVENTS_COMMIT}^`]).then(
    () => true,
    () => false,
  );
  if (!present) {
    console.error(`bench: no events row, ${EVENTS_COMMIT.slice(0, 7)} or its parent is not in this clone's history`);
    return [];
  }
  const [before, after] = [await appAt(`${EVENTS_COMMIT}^`), await appAt(EVENTS_COMMIT)];
  return [
    {
      what: `events: what client events cost the minimal app (bench/apps/ours.tsx from the sources at ${EVENTS_COMMIT.slice(0, 7)}, less its parent)`,
      minBytes: after.minBytes - before.minBytes,
      gzipBytes: after.gzipBytes - before.gzipBytes,
    },
  ];
}
