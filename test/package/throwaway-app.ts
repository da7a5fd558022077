// What the *.package.ts files do to a throwaway project: install it from the registry (and the tarball)
// and run the project's TypeScript over it.
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function npmInstall(appDir: string): Promise<void> {
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--prefer-offline'], { cwd: appDir });
}

/** tsc's diagnostics for the project in `appDir`, '' when it compiles. */
export function tscDiagnostics(appDir: string): Promise<string> {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  // tsc prints its diagnostics on stdout and exits non-zero; the diagnostics are the useful failure message.
  return run(process.execPath, [tsc, '-p', appDir]).then(
    () => '',
    (error: unknown) => (error as { stdout?: string }).stdout ?? `tsc failed: ${String(error)}`,
  );
}
