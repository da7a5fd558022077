import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const coreDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/core');
const IMPORT = /(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('src/core', () => {
  it('imports no React, nothing React-bound, and nothing from src/react', () => {
    const files = sourceFiles(coreDir);
    expect(files.length).toBeGreaterThan(10);
    const imports = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({ file, spec: match[1] ?? match[2] ?? '' })));
    expect(imports.length).toBeGreaterThan(10);
    const forbidden = imports.filter(
      ({ file, spec }) =>
        /^(react|react-dom)(\/|$)/.test(spec) ||
        spec.startsWith('@tanstack/react-query') ||
        spec === 'zustand' || // the root entry brings zustand's React hook; the core uses zustand/vanilla
        (spec.startsWith('.') && !resolve(dirname(file), spec).startsWith(coreDir)),
    );
    expect(forbidden).toEqual([]);
    expect(imports.some(({ spec }) => spec === 'zustand/vanilla')).toBe(true);
  });

  it('is usable on its own: the core entry loads and exports createAuthClient', async () => {
    const core = await import('../../src/core/index.js');
    expect(typeof core.createAuthClient).toBe('function');
  });
});
