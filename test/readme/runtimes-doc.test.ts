// docs/runtimes.md shows the code `npm run test:runtimes` and `npm run test:nextjs` run: every block
// must be one of those files as a user writes it (the package's name where the tests import dist/).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const RUN_BY_CI = [
  'test/runtimes/app/app.mjs',
  'test/runtimes/app/serve-bun.mjs',
  'test/runtimes/app/serve-deno.mjs',
  'test/runtimes/app/worker.mjs',
  'test/runtimes/app/fleet-worker.mjs',
  'test/runtimes/app/token-cache-host.mjs',
  'examples/nextjs/lib/edge-backend.ts',
  'examples/nextjs/app/api/edge/token/route.ts',
];

/** The tests import the built entries by path; a user imports them by the package's name. */
const asUserWrites = (source: string) => source.replace(/'\.\.\/\.\.\/\.\.\/dist\/(\w+)\.js'/g, "'graphql-jwt-auth-react/$1'").trimEnd();

function blocks(markdown: string): Array<{ lang: string; code: string }> {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({ lang: match[1] ?? '', code: (match[2] ?? '').trimEnd() }));
}

describe('docs/runtimes.md', () => {
  const doc = read('docs/runtimes.md');
  const found = blocks(doc);

  it('shows every file the runtime jobs run, each exactly as it runs', () => {
    const code = found.filter(({ lang }) => lang === 'js' || lang === 'ts').map(({ code: text }) => text);
    expect(code.sort()).toEqual(RUN_BY_CI.map((path) => asUserWrites(read(path))).sort());
  });

  it('its wrangler.toml binds what the fleet Worker reads: the TokenCacheObject namespace as TOKEN_CACHE, with its migration', () => {
    const toml = found.filter(({ lang }) => lang === 'toml');
    expect(toml).toHaveLength(1);
    const text = toml[0]!.code;
    expect(text).toMatch(/^\[\[durable_objects\.bindings\]\]\nname = "TOKEN_CACHE"\nclass_name = "TokenCacheObject"/m);
    expect(text).toContain('new_classes = ["TokenCacheObject"]');
    expect(read('test/runtimes/app/fleet-worker.mjs')).toContain('env.TOKEN_CACHE');
    expect(read('test/runtimes/app/token-cache-host.mjs')).toContain('TokenCacheObject');
    expect(found.every(({ lang }) => ['js', 'ts', 'toml'].includes(lang))).toBe(true);
  });
});
