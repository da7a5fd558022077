import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build, type Plugin, type Rolldown } from 'vite';

export interface BundleRow {
  what: string;
  minBytes: number | null;
  gzipBytes: number;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const APPS = [
  { file: 'ours.tsx', what: 'app: graphql-jwt-auth-react + React Query + react-dom' },
  { file: 'urql.tsx', what: 'app: urql + @urql/exchange-auth + react-dom' },
  { file: 'apollo.tsx', what: 'app: Apollo Client 4 + ErrorLink + rxjs + react-dom' },
  { file: 'by-hand.tsx', what: 'app: by hand (graphql-request + React Query) + react-dom' },
  { file: 'floor.tsx', what: 'app: the floor (React Query + fetch, no token logic) + react-dom' },
] as const;

const gzipBytes = (code: string) => gzipSync(code, { level: 9 }).length;

/**
 * A production vite build of one minimal app (provider + one query), everything bundled as shipped.
 * `ours` is what `graphql-jwt-auth-react` resolves to: by default the package as published, the built dist.
 */
export async function buildApp(file: string, ours = `${root}dist/index.js`, plugins: Plugin[] = []): Promise<{ minBytes: number; gzipBytes: number }> {
  const output = await build({
    configFile: false,
    plugins,
    root,
    logLevel: 'silent',
    mode: 'production',
    resolve: { alias: { 'graphql-jwt-auth-react': ours } },
    build: { write: false, modulePreload: false, rolldownOptions: { input: `${root}bench/apps/${file}` } },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const code = outputs.flatMap((o) => o.output).flatMap((chunk) => (chunk.type === 'chunk' ? [chunk.code] : []));
  return { minBytes: code.reduce((sum, c) => sum + Buffer.byteLength(c), 0), gzipBytes: code.reduce((sum, c) => sum + gzipBytes(c), 0) };
}

interface SizeLimitResult {
  name: string;
  size: number;
}

/** Our entry as size-limit measures it for the budget in `npm test` (esbuild, minified, gzip). */
async function ourEntry(): Promise<BundleRow[]> {
  const cli = `${root}node_modules/size-limit/bin.js`;
  // size-limit exits 1 when an entry is over its budget; the figures are what the bench wants.
  const { stdout } = await promisify(execFile)(process.execPath, [cli, '--json'], { cwd: root }).catch((error: unknown) => {
    const failed = error as { stdout?: string };
    if (typeof failed.stdout !== 'string') throw error;
    return { stdout: failed.stdout };
  });
  const results = JSON.parse(stdout) as SizeLimitResult[];
  return results.map((result) => ({ what: `entry: ${result.name}`, minBytes: null, gzipBytes: result.size }));
}

/** What an app imports from our root entry, for the rows that measure our code alone. */
const OUR_CODE = [
  {
    what: 'ours: { AuthProvider, useGraphQLQuery, useGraphQLMutation } from the root, every dependency and peer external',
    exports: '{ AuthProvider, useGraphQLQuery, useGraphQLMutation }',
  },
  { what: 'ours: whole root entry, every dependency and peer external', exports: '*' },
] as const;

/** Our code alone: esbuild bundles the import from the built root entry, minified, nothing else in. */
async function ourCode(exports: string): Promise<{ minBytes: number; gzipBytes: number }> {
  const result = await esbuild({
    stdin: { contents: `export ${exports} from ${JSON.stringify(`${root}dist/index.js`)};`, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    // As an app's production build: what development alone says (option messages) is left out.
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles.map((file) => file.text).join('');
  return { minBytes: Buffer.byteLength(code), gzipBytes: gzipBytes(code) };
}

export async function runBundle(): Promise<BundleRow[]> {
  // The apps import the built package; `npm run bench` builds it first.
  await readFile(`${root}dist/index.js`);
  const rows = await ourEntry();
  for (const code of OUR_CODE) rows.push({ what: code.what, ...(await ourCode(code.exports)) });
  for (const app of APPS) rows.push({ what: app.what, ...(await buildApp(app.file)) });
  return rows;
}
