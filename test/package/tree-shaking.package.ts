// What an app ships, read from the packed tarball as a bundler sees it: the opt-in features (tab sync,
// persistence, region discovery, the DevTools bridge, the token-endpoint and proxy modes, watching and
// reading every page) reach an app's bundle only when it imports them, and the server, testing and
// Redis entries never do.
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, inject, it } from 'vitest';

const { unpacked } = inject('packed');

/**
 * Peers and graphql-request stay external. zustand is bundled, as an app bundles it, so that its
 * `sideEffects: false` lets the bundler drop the persist middleware an app does not use.
 */
const EXTERNAL = ['react', 'react/*', 'react-dom', '@tanstack/react-query', 'graphql', 'graphql-request'];

const BASE = ['AuthProvider', 'useGraphQLQuery', 'useGraphQLMutation'];

/**
 * The minified bundle of an app that imports `names` from the package root and uses them all;
 * `bundling` graphql bundles it (and `alsoFromGraphQL` from it) as an app does.
 */
async function bundleOf(names: readonly string[], { bundling = false, alsoFromGraphQL = [] as string[] } = {}): Promise<string> {
  const graphqlImport = alsoFromGraphQL.length > 0 ? `import { ${alsoFromGraphQL.join(', ')} } from 'graphql';\n` : '';
  const result = await build({
    stdin: {
      contents: `${graphqlImport}import { ${names.join(', ')} } from ${JSON.stringify(join(unpacked, 'dist/index.js'))};\nexport const used = [${[...names, ...alsoFromGraphQL].join(', ')}];`,
      resolveDir: unpacked,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: bundling ? EXTERNAL.filter((name) => name !== 'graphql') : EXTERNAL,
    // zustand resolves from this project's node_modules, as from an app's.
    nodePaths: [join(process.cwd(), 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** What only each feature's code contains, as it survives minification. */
const FEATURES = {
  tabSync: ['BroadcastChannel', 'locks'],
  sessionPersistence: ['sessionStorage', 'onRehydrateStorage'],
  authDevtools: ['__REDUX_DEVTOOLS_EXTENSION__'],
  tokenEndpoint: ['the token endpoint named no configured region'],
  graphqlProxy: ['createGraphQLProxy'],
  watchOperation: ['watchOperation: intervalMs must'],
  refetchUntil: ['refetchUntil: intervalMs must'],
} as const;

describe('an app pays only for what it imports', () => {
  it('the provider and the two hooks carry none of the opt-in features, nor server, testing or Redis code', async () => {
    const base = await bundleOf(BASE);
    for (const [feature, markers] of Object.entries(FEATURES)) {
      for (const marker of markers) expect(base, `${feature}: ${marker}`).not.toContain(marker);
    }
    for (const serverOnly of ['node:', 'redis', 'msw', 'createTokenHandler', 'Sec-Fetch-Site']) {
      expect(base).not.toContain(serverOnly);
    }
  });

  it('each feature arrives with its import, and only that feature', async () => {
    const base = await bundleOf(BASE);
    for (const [feature, markers] of Object.entries(FEATURES)) {
      const withFeature = await bundleOf([...BASE, feature]);
      for (const marker of markers) expect(withFeature, `${feature}: ${marker}`).toContain(marker);
      for (const [other, otherMarkers] of Object.entries(FEATURES)) {
        if (other === feature) continue;
        for (const marker of otherMarkers) expect(withFeature, `${feature} brought ${other}`).not.toContain(marker);
      }
    }
    // Region discovery and allPages have no string of their own: their imports add code all the same.
    expect((await bundleOf([...BASE, 'autoRegion'])).length).toBeGreaterThan(base.length);
    expect((await bundleOf([...BASE, 'allPages'])).length).toBeGreaterThan(base.length);
  });

  it("neither graphql's parser nor its printer reaches the bundle: DocumentNodes are printed by @0no-co/graphql.web", async () => {
    const base = await bundleOf(BASE, { bundling: true });
    // The parser's and the printer's own words, checked against an app that imports each.
    const PARSER = 'Syntax Error';
    const PRINTER = 'Invalid AST Node';
    expect(await bundleOf(BASE, { bundling: true, alsoFromGraphQL: ['parse'] })).toContain(PARSER);
    expect(await bundleOf(BASE, { bundling: true, alsoFromGraphQL: ['print'] })).toContain(PRINTER);
    expect(base).not.toContain(PARSER);
    expect(base).not.toContain(PRINTER);
    // The document handling is there (operation-text reads definitions' kinds).
    expect(base).toContain('OperationDefinition');
  });
});
