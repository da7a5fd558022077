// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const testingDir = resolve(root, 'src/testing');
// Static imports and re-exports, with whether they are type-only; dynamic imports apart.
const STATIC = /^(import|export)(\s+type)?\s[^;]*?from\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Import {
  readonly file: string;
  readonly spec: string;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
}

function importsOf(file: string): Import[] {
  const source = readFileSync(file, 'utf8');
  return [
    ...[...source.matchAll(STATIC)].map((m) => ({ file, spec: m[3] ?? '', typeOnly: m[2] !== undefined, dynamic: false })),
    ...[...source.matchAll(DYNAMIC)].map((m) => ({ file, spec: m[1] ?? '', typeOnly: false, dynamic: true })),
  ];
}

function resolveRelative(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, resolve(base, 'index.ts')];
  const found = candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
  if (found === undefined) throw new Error(`Cannot resolve ${spec} from ${relative(root, from)}`);
  return found;
}

/** Every source file an entry reaches through relative imports (type-only ones included). */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { spec } of importsOf(file)) if (spec.startsWith('.')) visit(resolveRelative(file, spec));
  };
  visit(resolve(root, entry));
  return seen;
}

describe('the testing entry stays apart', () => {
  it.each(['src/index.ts', 'src/core/index.ts'])('%s never reaches src/testing', (entry) => {
    const files = [...reachable(entry)];
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => file.startsWith(testingDir)).map((file) => relative(root, file))).toEqual([]);
  });

  it('src/testing loads graphql and itself only; msw, ws, graphql-ws and graphql-sse only on demand, node:http only through getBuiltinModule', () => {
    const files = [...reachable('src/testing/index.ts')];
    // Beside itself, one file of the library: the token tag the client's events use, so the mock's log
    // names a token as they do (it imports nothing).
    expect(files.filter((file) => !file.startsWith(testingDir)).map((file) => relative(root, file))).toEqual(['src/core/sources/fingerprint.ts']);
    const runtime = files.flatMap(importsOf).filter((i) => !i.typeOnly && !i.spec.startsWith('.'));
    expect(runtime.map((i) => `${relative(root, i.file)} ${i.dynamic ? 'import()' : 'import'} ${i.spec}`).sort()).toEqual([
      'src/testing/executable-schema.ts import graphql',
      'src/testing/graphql-params.ts import graphql',
      'src/testing/mock-service.ts import graphql',
      'src/testing/msw-handlers.ts import() msw',
      'src/testing/subscription-servers.ts import graphql',
    ]);
  });
});
