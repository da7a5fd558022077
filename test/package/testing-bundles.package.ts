// The testing entry in an app that does not install msw (an optional peer), bundled with each common
// bundler's defaults and no configuration of the app's: esbuild, Vite and webpack must all build it,
// and the bundle must run the mock service.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { npmInstall, run } from './throwaway-app.ts';

const { workDir, tarball } = inject('packed');
const appDir = join(workDir, 'testing-bundles');

/** Uses the kit without a network: the mock's fetch handler answers /v1/auth. */
const MAIN = `import { createMockService } from 'graphql-jwt-auth-react/testing';
const mock = createMockService({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } }, apiKeys: ['k'] });
const base = Object.values(mock.regions)[0];
const answer = await mock.handle(new Request(base + '/v1/auth', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: 'k' }) }));
const { token } = await answer.json();
globalThis.result = { status: answer.status, issued: mock.issuedTokens.length, token: typeof token };
console.log(JSON.stringify(globalThis.result));
`;

async function bundleRuns(bundle: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [bundle], { cwd: appDir });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
}

const EXPECTED = { status: 200, issued: 1, token: 'string' };

describe('/testing bundled without msw installed, with each bundler’s defaults', () => {
  beforeAll(async () => {
    await mkdir(join(appDir, 'src'), { recursive: true });
    const pkg = {
      name: 'testing-bundles',
      private: true,
      type: 'module',
      dependencies: {
        'graphql-jwt-auth-react': `file:${tarball}`,
        graphql: '16.15.0',
        esbuild: '0.28.2',
        vite: '8.3.8',
        webpack: '5.112.2',
        'webpack-cli': '7.3.1',
      },
    };
    await writeFile(join(appDir, 'package.json'), JSON.stringify(pkg, null, 2));
    await writeFile(join(appDir, 'src/index.js'), MAIN);
    // Vite builds from an HTML page by default.
    await writeFile(join(appDir, 'index.html'), '<!doctype html><script type="module" src="/src/index.js"></script>');
    await npmInstall(appDir);
    await expect(run('node', ['-e', "import('msw').then(() => process.exit(1), () => process.exit(0))"], { cwd: appDir })).resolves.toBeDefined();
  });

  it('esbuild --bundle', async () => {
    await run(join(appDir, 'node_modules/.bin/esbuild'), ['src/index.js', '--bundle', '--format=esm', '--outfile=out/esbuild.js'], { cwd: appDir });
    expect(await bundleRuns('out/esbuild.js')).toEqual(EXPECTED);
  });

  it('vite build', async () => {
    const { stdout, stderr } = await run(join(appDir, 'node_modules/.bin/vite'), ['build', '--outDir', 'out/vite'], { cwd: appDir });
    expect(`${stdout}${stderr}`).not.toMatch(/failed to resolve|could not resolve/i);
    // A page bundle (it starts with Vite's modulepreload polyfill, which needs a document): built is the check.
    const assets = (await readdir(join(appDir, 'out/vite/assets'))).filter((file) => file.endsWith('.js'));
    expect(assets).toHaveLength(1);
  });

  it('webpack (its default config: ./src/index.js → dist/main.js)', async () => {
    const { stdout } = await run(join(appDir, 'node_modules/.bin/webpack'), [], { cwd: appDir });
    expect(stdout).not.toMatch(/Module not found/);
    expect(await bundleRuns('dist/main.js')).toEqual(EXPECTED);
  });
});
