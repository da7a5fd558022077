// @vitest-environment node
// What a bundler makes of <AuthDevtools />: with NODE_ENV replaced by "production" the panel's code is
// gone (as @tanstack/react-query-devtools leaves it), with "development" it is all there.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The minified bundle of an app's module that renders `<AuthDevtools />` from the entry, or nothing. */
async function appBundle(nodeEnv: string, { withDevtools }: { withDevtools: boolean }): Promise<string> {
  const contents = withDevtools
    ? `import { AuthDevtools } from './src/devtools/index.ts';\nimport { jsx } from 'react/jsx-runtime';\nexport const App = () => jsx(AuthDevtools, {});`
    : `import { jsx } from 'react/jsx-runtime';\nexport const App = () => jsx('div', {});`;
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: ['react', 'react/*', 'zustand', 'zustand/*', 'graphql-request', '@0no-co/graphql.web', '@tanstack/react-query'],
    define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Strings only the panel's code holds. */
const PANEL_MARKERS = ['Open auth devtools', 'Renew now', 'gjad-panel', 'exchange-start'];

describe('the /devtools entry in an app bundle', () => {
  it('production: none of the panel ships, the app is within 300 bytes of the app without it', async () => {
    const [bare, withDevtools] = await Promise.all([appBundle('production', { withDevtools: false }), appBundle('production', { withDevtools: true })]);
    for (const marker of PANEL_MARKERS) expect(withDevtools).not.toContain(marker);
    expect(withDevtools.length - bare.length).toBeLessThanOrEqual(300);
  });

  it('development: the panel is in the bundle', async () => {
    const bundle = await appBundle('development', { withDevtools: true });
    for (const marker of PANEL_MARKERS) expect(bundle).toContain(marker);
  });
});
