// The published entries, read from the packed tarball: each export resolves to shipped files; the root
// is a client module ("use client" first) while /core and /query carry no directive; the module graph
// of /core, followed through every import of the built files, reaches no React and no React Query;
// and every source map points only at what ships.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, inject, it } from 'vitest';

const { unpacked, files } = inject('packed');

interface ExportTarget {
  types: string;
  default: string;
}

const manifest = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as {
  exports: Record<string, ExportTarget | string>;
};
const REACT_BOUND = /^(?:react|react-dom|@tanstack\/react-query)(?:\/|$)/;

function entryFile(subpath: string, condition: keyof ExportTarget): string {
  const target = manifest.exports[subpath];
  if (typeof target !== 'object') throw new Error(`package.json has no conditional export for ${subpath}`);
  return join(unpacked, target[condition]);
}

/** The string-literal directives that open a module (its prologue). */
function directives(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const prologue: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    prologue.push(statement.expression.text);
  }
  return prologue;
}

/**
 * Every bare specifier reached from `entry`, following its relative imports (static, re-exports and
 * dynamic) through the shipped files; throws on a relative import of a file that is not shipped.
 * Declaration chunks import each other by their .js names, so `declarations` maps those to .d.ts.
 */
function bareImports(entry: string, { declarations = false } = {}): { specifiers: Set<string>; reached: Set<string> } {
  const specifiers = new Set<string>();
  const reached = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    if (!existsSync(file)) throw new Error(`${relative(unpacked, file)} is imported but not shipped`);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) specifiers.add(fileName);
      else pending.push(normalize(join(dirname(file), declarations ? fileName.replace(/\.js$/, '.d.ts') : fileName)));
    }
  }
  return { specifiers, reached };
}

describe('the packed entries', () => {
  it('export the root, /core, /query, /server, /redis, /testing, /native and /devtools, each with types and code that ship', () => {
    expect(Object.keys(manifest.exports).sort()).toEqual([
      '.',
      './cloudflare',
      './core',
      './devtools',
      './devtools/production',
      './native',
      './package.json',
      './query',
      './redis',
      './server',
      './testing',
    ]);
    for (const subpath of ['.', './core', './query', './server', './redis', './cloudflare', './testing', './native', './devtools', './devtools/production']) {
      for (const condition of ['types', 'default'] as const) {
        const file = entryFile(subpath, condition);
        expect(files, `${subpath} ${condition}`).toContain(relative(unpacked, file));
      }
    }
  });

  it('mark the root a client module: "use client" is the first statement of dist/index.js', () => {
    const file = entryFile('.', 'default');
    expect(directives(file)).toEqual(['use client']);
    expect(readFileSync(file, 'utf8').startsWith('"use client";')).toBe(true);
  });

  it('mark /devtools and /devtools/production client modules, which the root never reaches', () => {
    expect(directives(entryFile('./devtools', 'default'))).toEqual(['use client']);
    expect(directives(entryFile('./devtools/production', 'default'))).toEqual(['use client']);
    const root = bareImports(entryFile('.', 'default')).reached;
    expect([...root].some((file) => /devtools(-production)?\.js$|auth-devtools/.test(relative(unpacked, file)))).toBe(false);
  });

  it('leave /core, /query and /server, which server code imports, without a directive', () => {
    expect(directives(entryFile('./core', 'default'))).toEqual([]);
    expect(directives(entryFile('./query', 'default'))).toEqual([]);
    expect(directives(entryFile('./server', 'default'))).toEqual([]);
  });

  it('reach no React, React Query or msw from /server, in code or types, never the testing entry, and no graphql-request or graphql at run time', () => {
    const code = bareImports(entryFile('./server', 'default'));
    const types = bareImports(entryFile('./server', 'types'), { declarations: true });
    expect([...code.specifiers, ...types.specifiers].filter((specifier) => REACT_BOUND.test(specifier) || specifier === 'msw')).toEqual([]);
    expect([...code.reached].some((file) => file.endsWith('testing.js'))).toBe(false);
    // graphql reads process.env.NODE_ENV when it loads, which Deno refuses without --allow-env.
    expect([...code.specifiers].filter((specifier) => specifier === 'graphql-request' || specifier === 'graphql')).toEqual([]);
  });

  it('reach no React and no React Query from /core, through every built file it imports', () => {
    const { specifiers, reached } = bareImports(entryFile('./core', 'default'));
    expect(reached.size).toBeGreaterThan(1);
    // graphql itself is reached only through graphql-request: DocumentNodes are printed by graphql.web.
    expect([...specifiers].sort()).toEqual(['@0no-co/graphql.web', 'graphql-request', 'zustand/middleware', 'zustand/vanilla']);
  });

  it('reach no React and no React Query at run time from /query (their types only)', () => {
    const { specifiers } = bareImports(entryFile('./query', 'default'));
    expect([...specifiers].filter((specifier) => REACT_BOUND.test(specifier))).toEqual([]);
    expect(specifiers).toContain('graphql-request');
  });

  it('reach neither react-native nor an Expo package from /native: the app passes its AppState and SecureStore in', () => {
    const { specifiers } = bareImports(entryFile('./native', 'default'));
    expect([...specifiers].filter((specifier) => /^(?:react-native|expo|@react-native|@expo)(?:[-/]|$)/.test(specifier))).toEqual([]);
  });

  it('reach nothing from /cloudflare at run time but its own files (Workers bundle it without configuration)', () => {
    const { specifiers, reached } = bareImports(entryFile('./cloudflare', 'default'));
    expect(reached.size).toBeGreaterThan(0);
    expect([...specifiers]).toEqual([]);
  });

  it('ship the graphql-jwt-auth-mock bin: a Node script of the tarball, its first line the shebang', () => {
    const { bin } = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(Object.keys(bin)).toEqual(['graphql-jwt-auth-mock']);
    const file = join(unpacked, bin['graphql-jwt-auth-mock']!);
    expect(files).toContain(normalize(bin['graphql-jwt-auth-mock']!));
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('reach nothing from /redis at run time but its own files: no redis import, no React, no directive', () => {
    const { specifiers, reached } = bareImports(entryFile('./redis', 'default'));
    expect(reached.size).toBeGreaterThan(0);
    expect([...specifiers]).toEqual([]);
    expect(directives(entryFile('./redis', 'default'))).toEqual([]);
  });

  it('find React and React Query from the root, so the walk above does see imports', () => {
    const { specifiers } = bareImports(entryFile('.', 'default'));
    expect(specifiers).toContain('react');
    expect(specifiers).toContain('@tanstack/react-query');
  });

  it('type /core without React or React Query types, so it checks where neither is installed', () => {
    const core = bareImports(entryFile('./core', 'types'), { declarations: true });
    expect(core.reached.size).toBeGreaterThan(1);
    expect([...core.specifiers].filter((specifier) => REACT_BOUND.test(specifier))).toEqual([]);
    expect(core.specifiers).toContain('zustand/vanilla');
    const query = bareImports(entryFile('./query', 'types'), { declarations: true });
    expect([...query.specifiers].filter((specifier) => REACT_BOUND.test(specifier))).toEqual(['@tanstack/react-query']);
  });

  it('ship no source map that points at a file left out: no .d.ts.map, every .js.map carries its sources', () => {
    const maps = files.filter((file) => file.endsWith('.map'));
    expect(maps.filter((file) => file.endsWith('.d.ts.map'))).toEqual([]);
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const { sources, sourcesContent = [] } = JSON.parse(readFileSync(join(unpacked, map), 'utf8')) as {
        sources: string[];
        sourcesContent?: Array<string | null>;
      };
      const missing = sources.filter((source, index) => typeof sourcesContent[index] !== 'string' && !files.includes(normalize(join(dirname(map), source))));
      expect(missing, map).toEqual([]);
    }
  });
});
