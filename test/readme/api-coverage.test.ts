// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every name the package root exports, types included, as the compiler sees them. */
function exportedNames(): string[] {
  const entry = resolve(root, 'src/index.ts');
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  return module === undefined ? [] : checker.getExportsOfModule(module).map((symbol) => symbol.name);
}

describe('docs/api.md, the API reference', () => {
  it('names every export of the package root in code', () => {
    const api = readFileSync(resolve(root, 'docs/api.md'), 'utf8');
    const names = exportedNames();
    expect(names.length).toBeGreaterThan(40);
    const inCode = (name: string) => new RegExp(`\`[^\`\\n]*\\b${name}\\b[^\`\\n]*\``).test(api);
    expect(names.filter((name) => !inCode(name))).toEqual([]);
  });
});
