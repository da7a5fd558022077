// Packs the tarball once for every *.package.ts file, the way a clean clone would: the project's files
// (tracked and new, as git lists them) copied without dist/, node_modules linked, then `npm pack`,
// whose `prepack` script must build dist/ by itself.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface PackedTarball {
  /** Where the test files make their throwaway apps; removed after the run. */
  workDir: string;
  tarball: string;
  /** The paths `npm pack` put in the tarball, relative to the package root. */
  files: string[];
  /** The tarball unpacked: the package root as a registry would serve it. */
  unpacked: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    packed: PackedTarball;
  }
}

async function cleanCopy(into: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root });
  // A node_modules that is a symlink (a git worktree's) is listed as a file: it is linked below instead.
  const files = stdout.split('\0').filter((file) => file !== '' && file !== 'node_modules' && existsSync(join(root, file)));
  for (const file of files) {
    await mkdir(dirname(join(into, file)), { recursive: true });
    await cp(join(root, file), join(into, file));
  }
  await symlink(join(root, 'node_modules'), join(into, 'node_modules'), 'dir');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = await mkdtemp(join(tmpdir(), 'gjar-package-'));
  try {
    return await pack(project, workDir);
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

async function pack(project: TestProject, workDir: string): Promise<() => Promise<void>> {
  const clone = join(workDir, 'clone');
  await cleanCopy(clone);
  if (existsSync(join(clone, 'dist'))) throw new Error('the clean copy must not have a dist/ to pack');
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', workDir], { cwd: clone });
  // The prepack build may print to stdout before npm's JSON, which starts on a line of its own.
  const [packed] = JSON.parse(stdout.slice(stdout.search(/^\[$/m))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (packed === undefined) throw new Error(`npm pack printed no tarball: ${stdout}`);
  const tarball = join(workDir, packed.filename);
  await mkdir(join(workDir, 'unpacked'));
  await run('tar', ['-xzf', tarball, '-C', join(workDir, 'unpacked')]);
  project.provide('packed', {
    workDir,
    tarball,
    files: packed.files.map((file) => file.path),
    unpacked: join(workDir, 'unpacked/package'),
  });
  return () => rm(workDir, { recursive: true, force: true });
}
