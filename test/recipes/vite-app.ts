// The steps the Vite recipes share, as a user takes them: `npm create vite@9.3.0 -- --template react-ts`
// outside the repository, a docs line's `npm install` (the package from the packed tarball), and the
// Vite dev server with docs/modes.md's `server.proxy` merged into the config create-vite wrote.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { start, SYSTEM_NODE, userEnv } from '../package/processes.ts';
import { run } from '../package/throwaway-app.ts';
import { docFile } from './doc-blocks.ts';

/** Where docs/modes.md's dev proxy sends /api: the Node servers' default port, replaced by this run's. */
const DOCS_SERVER_URL = 'http://127.0.0.1:8787';

/** `npm create vite@9.3.0 NAME -- --template react-ts` in `workDir`; answers the app's directory. */
export async function createViteApp(workDir: string, name: string): Promise<string> {
  await run('npm', ['create', '--yes', 'vite@9.3.0', name, '--', '--template', 'react-ts', '--no-interactive'], { cwd: workDir, env: userEnv });
  return join(workDir, name);
}

/** A user's `npm install` of a docs line, the package itself from the packed tarball. */
export const npmInstall = (appDir: string, tarball: string, args: readonly string[]) =>
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...args.map((arg) => (arg === 'graphql-jwt-auth-react' ? tarball : arg))], {
    cwd: appDir,
    env: userEnv,
  });

/**
 * docs/modes.md's `server.proxy` merged into the config create-vite wrote (its plugins kept, as the
 * docs ask), pointing at `serverUrl`; then `vite` on 127.0.0.1. Answers the page's URL.
 */
export async function startViteWithDevProxy(appDir: string, serverUrl: string): Promise<string> {
  const generated = await readFile(join(appDir, 'vite.config.ts'), 'utf8');
  expect(generated).toContain('plugins: [react()]');
  const proxyConfig = await docFile('docs/modes.md', 'test/readme/vite-dev-proxy.ts');
  expect(proxyConfig).toContain('// plugins: [react()],');
  await writeFile(
    join(appDir, 'vite.config.ts'),
    `import react from '@vitejs/plugin-react';\n${proxyConfig.replace('// plugins: [react()],', 'plugins: [react()],').replaceAll(DOCS_SERVER_URL, serverUrl)}`,
  );
  const vite = start(SYSTEM_NODE, [join(appDir, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', '0', '--strictPort'], { cwd: appDir });
  const [, viteUrl = ''] = await vite.printed(/Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/);
  return viteUrl;
}
