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
import { npmInstall, root, tscDiagnostics } from './throwaway-app.js';
import { API_KEY, sleep, startService } from '../support/fixtures.js';

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  peerDependencies: Record<string, string>;
};

interface PeerSet {
  name: string;
  dependencies: Record<string, string>;
}

/** Each set is installed from the registry next to the tarball; together they cover every peer range's floor. */
const PEER_SETS: PeerSet[] = [
  {
    name: 'lowest claimed peers (React 18.3, React Query 5.80, graphql 16.0)',
    dependencies: {
      react: '18.3.1',
      'react-dom': '18.3.1',
      '@tanstack/react-query': '5.80.0',
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
      const tested = PEER_SETS.map((set) => set.dependencies[peer]);
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
        for (let i = 0; i < 400 && document.querySelector('#items, #error') === null; i++) await sleep(25);
        expect(document.querySelector('#error')?.textContent ?? null).toBeNull();
        const items = [...document.querySelectorAll('#items li')].map((li) => li.textContent);
        expect(items).toEqual(['us item 1', 'us item 2', 'us item 3']);
        expect(document.querySelector('#items')?.getAttribute('data-status')).toBe('authenticated');
        expect(service.authCalls).toHaveLength(1);
        expect(service.graphqlCalls).toHaveLength(1);
        expect(service.graphqlCalls[0]?.token).toBe(service.issuedTokens[0]);
      } finally {
        dom.window.close();
      }
    }, 120_000);
  });
});
