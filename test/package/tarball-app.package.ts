// What we publish is what we test: the packed tarball, installed into a throwaway app with the
// lowest peer versions package.json claims, type-check the app, build it with vite, and run the
// bundle in jsdom against the mock service on 127.0.0.1 with Node's real fetch.
// Run by `npm run test:package` (after the build), not by the main vitest run: it installs from the registry.
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { build } from 'vite';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { npmInstall, root, run, tscDiagnostics } from './throwaway-app.js';
import { API_KEY, sleep, startService } from '../support/fixtures.js';
import { pentestNames } from '../support/documents.js';

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
/** The system Node (20 here), as a user runs a script; the tests themselves run on the Node 22 dev dependency. */
const SYSTEM_NODE = '/usr/bin/node';
/** msw is an optional peer of the testing entry only: not installed with the peer sets, tested on its own. */
const MSW_FLOORS = ['2.0.0', '3.0.0'];

/** The floor of each subscription peer's range (optional peers, loaded by client.subscribe and the mock). */
const SUBSCRIPTION_FLOORS: Record<string, string> = { 'graphql-ws': '6.0.0', 'graphql-sse': '2.0.0', ws: '8.0.0' };

interface PeerSet {
  name: string;
  dependencies: Record<string, string>;
}

/** Each set is installed from the registry next to the tarball; together they cover every peer range's floor. */
const PEER_SETS: PeerSet[] = [
  {
    name: 'lowest claimed peers (React 18.3, React Query 5.102, graphql 16.0)',
    dependencies: {
      react: '18.3.1',
      'react-dom': '18.3.1',
      '@tanstack/react-query': '5.102.0',
      graphql: '16.0.0',
      '@types/react': '18.3.8',
      '@types/react-dom': '18.3.7',
    },
  },
  {
    name: 'React 19.0 with the current React Query and graphql',
    dependencies: {
      react: '19.0.0',
      'react-dom': '19.0.0',
      '@tanstack/react-query': '5.108.0',
      graphql: '16.15.0',
      '@types/react': '19.0.9',
      '@types/react-dom': '19.0.6',
    },
  },
];

/** The floor of each `^x.y.z` alternative of a range such as `^18.3.1 || ^19.0.0`. */
function floors(range: string): string[] {
  return [...range.matchAll(/\^(\d+\.\d+\.\d+)/g)].map((match) => match[1]!);
}

const APP_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    // Our .d.ts is a library file too: checking libraries is the point.
    skipLibCheck: false,
    noEmit: true,
    types: [],
  },
  include: ['main.tsx'],
};

// Packed once, from a clean copy of the project, by pack.global-setup.ts.
const { workDir, tarball } = inject('packed');

describe('the published package', () => {
  it('tests the floor of every peer range it claims', () => {
    for (const [peer, range] of Object.entries(manifest.peerDependencies)) {
      const optional = manifest.peerDependenciesMeta?.[peer]?.optional === true;
      const tested =
        optional && peer === 'msw'
          ? MSW_FLOORS
          : optional && peer in SUBSCRIPTION_FLOORS
            ? [SUBSCRIPTION_FLOORS[peer]]
            : PEER_SETS.map((set) => set.dependencies[peer]);
      for (const floor of floors(range)) expect(tested, `${peer} ${range}`).toContain(floor);
    }
  });

  describe.each(PEER_SETS)('installed from the tarball with $name', ({ dependencies }) => {
    let appDir = '';

    beforeAll(async () => {
      appDir = await mkdtemp(join(workDir, 'app-'));
      const pkg = { name: 'tarball-app', private: true, type: 'module', dependencies: { [manifest.name]: `file:${tarball}`, ...dependencies } };
      await writeFile(join(appDir, 'package.json'), JSON.stringify(pkg, null, 2));
      await writeFile(join(appDir, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG, null, 2));
      await copyFile(join(root, 'test/package/app/main.tsx'), join(appDir, 'main.tsx'));
      await npmInstall(appDir);
    }, 180_000);

    it('installs only the files listed in package.json', async () => {
      const installed = join(appDir, 'node_modules', manifest.name);
      const { version } = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { version: string };
      expect(version).toMatch(/^\d+\.\d+\.\d+/);
      expect(existsSync(join(installed, 'dist/index.js'))).toBe(true);
      expect(existsSync(join(installed, 'dist/index.d.ts'))).toBe(true);
      expect(existsSync(join(installed, 'src'))).toBe(false);
      expect(existsSync(join(installed, 'test'))).toBe(false);
    });

    it('type-checks a strict app against the published .d.ts, libraries included', async () => {
      expect(await tscDiagnostics(appDir)).toBe('');
    }, 60_000);

    it('builds with vite and, run in jsdom, shows the query data after one auth call and one send', async () => {
      await build({
        root: appDir,
        configFile: false,
        logLevel: 'warn',
        mode: 'production',
        // Library mode keeps `process.env.NODE_ENV` for the consumer to set; this app is the consumer.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        // The JSX dev runtime is picked from this process's NODE_ENV ('test' under vitest), not from `mode`.
        oxc: { jsx: { runtime: 'automatic', development: false } },
        build: {
          outDir: join(appDir, 'dist'),
          emptyOutDir: true,
          // One classic script, because jsdom does not run module scripts.
          lib: { entry: join(appDir, 'main.tsx'), formats: ['iife'], name: 'TarballApp', fileName: () => 'app.js' },
          rolldownOptions: {
            // React Query's "use client" lines mean nothing in a client bundle.
            onLog(level, log, handler) {
              if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
            },
          },
        },
      });
      const bundle = await readFile(join(appDir, 'dist/app.js'), 'utf8');
      const { service, baseUrl } = await startService();

      const html = `<!doctype html><html data-api="${baseUrl}" data-api-key="${API_KEY}"><body><div id="root"></div></body></html>`;
      const dom = new JSDOM(html, {
        url: 'http://127.0.0.1/',
        runScripts: 'outside-only',
        // jsdom has no fetch: give the page Node's, with the classes it must share to accept a signal.
        beforeParse(window) {
          Object.assign(window, { fetch, Request, Response, Headers, AbortController, AbortSignal });
        },
      });
      try {
        dom.window.eval(bundle);
        const document = dom.window.document;
        for (let i = 0; i < 400 && document.querySelector('#pentests, #error') === null; i++) await sleep(25);
        expect(document.querySelector('#error')?.textContent ?? null).toBeNull();
        const names = [...document.querySelectorAll('#pentests li')].map((li) => li.textContent);
        expect(names).toEqual(pentestNames('us', 3));
        expect(document.querySelector('#pentests')?.getAttribute('data-status')).toBe('authenticated');
        expect(service.authCalls).toHaveLength(1);
        expect(service.graphqlCalls).toHaveLength(1);
        expect(service.graphqlCalls[0]?.token).toBe(service.issuedTokens[0]);
      } finally {
        dom.window.close();
      }
    }, 120_000);
    it('runs the README .mjs snippet as it is on the system Node against the mock service', async () => {
      const script = join(appDir, 'node-usage.mjs');
      await copyFile(join(root, 'test/readme/node-usage.mjs'), script);
      const { service, baseUrl } = await startService();
      const env = { ...process.env, API_KEY, REGION: 'us', REGIONS: JSON.stringify({ us: baseUrl }) };
      const { stdout } = await run(SYSTEM_NODE, [script], { cwd: appDir, env });
      expect(stdout).toBe('Dana Demo (us)\n');
      expect(service.authCalls).toHaveLength(1);
      expect(service.graphqlCalls.map((call) => call.status)).toEqual([200]);
    }, 60_000);

    it('loads graphql-jwt-auth-react/testing and listens on the system Node with msw not installed', async () => {
      expect(existsSync(join(appDir, 'node_modules/msw'))).toBe(false);
      const script = join(appDir, 'testing-kit.mjs');
      await copyFile(join(root, 'test/package/app/testing-kit.mjs'), script);
      const { stdout } = await run(SYSTEM_NODE, [script], { cwd: appDir });
      expect(JSON.parse(stdout)).toEqual({ listen: { data: { hello: 'world' } } });
    }, 60_000);
  });
});

describe.each(MSW_FLOORS)('the testing entry with msw %s, the floor of each major it claims', (version) => {
  it('answers through the MSW handlers', async () => {
    const appDir = await mkdtemp(join(workDir, 'msw-'));
    const dependencies = { [manifest.name]: `file:${tarball}`, graphql: '16.15.0', react: '19.3.1', '@tanstack/react-query': '5.108.0', msw: version };
    await writeFile(join(appDir, 'package.json'), JSON.stringify({ name: 'msw-app', private: true, type: 'module', dependencies }, null, 2));
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--prefer-offline'], { cwd: appDir });
    await copyFile(join(root, 'test/package/app/testing-kit.mjs'), join(appDir, 'testing-kit.mjs'));
    // msw 3 needs Node 22 (Promise.withResolvers); the dev dependency's Node runs it.
    const { stdout } = await run(process.execPath, ['testing-kit.mjs'], { cwd: appDir, env: { ...process.env, MSW: '1' } });
    expect(JSON.parse(stdout)).toEqual({ msw: { data: { hello: 'world' } } });
  }, 180_000);
});

describe('subscriptions with the floor of each transport peer (graphql-ws 6.0.0, graphql-sse 2.0.0, ws 8.0.0)', () => {
  it('client.subscribe receives events over both transports from the mock, on the system Node', async () => {
    const appDir = await mkdtemp(join(workDir, 'subscriptions-'));
    const dependencies = { [manifest.name]: `file:${tarball}`, graphql: '16.15.0', ...SUBSCRIPTION_FLOORS };
    await writeFile(join(appDir, 'package.json'), JSON.stringify({ name: 'subscriptions-app', private: true, type: 'module', dependencies }, null, 2));
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--prefer-offline'], { cwd: appDir });
    await copyFile(join(root, 'test/package/app/subscriptions.mjs'), join(appDir, 'subscriptions.mjs'));
    const { stdout } = await run(SYSTEM_NODE, ['subscriptions.mjs'], { cwd: appDir });
    const seqs = JSON.parse(stdout) as { ws: number[]; sse: number[] };
    // Three events each, in order, none missed or repeated: consecutive sequence numbers.
    for (const got of [seqs.ws, seqs.sse]) expect(got).toEqual([got[0], got[0]! + 1, got[0]! + 2]);
  }, 180_000);
});
