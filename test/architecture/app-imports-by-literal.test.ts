import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AuthConfigError, graphqlSubscriptions } from 'graphql-jwt-auth-react/core';

// Hermes (React Native's engine) refuses `import(name)` whose specifier is not a string literal, and
// Metro bundles every module an entry reaches, used or not: one such import in the subscription code
// failed every React Native app's bundle (`expo export`, "Invalid expression encountered"). The code an
// app bundles (every entry but the server's and the mock's) imports only literal specifiers.
const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const APP_ROOMS = ['core', 'react', 'query', 'native', 'devtools', 'index.ts'];

async function appFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const room of APP_ROOMS) {
    const path = join(src, room);
    if (room.endsWith('.ts')) files.push(path);
    else {
      const entries = await readdir(path, { withFileTypes: true, recursive: true });
      files.push(...entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name)).map((entry) => join(entry.parentPath, entry.name)));
    }
  }
  return files;
}

describe('the code an app bundles', () => {
  it('has no import() of a specifier that is not a string literal', async () => {
    const found: string[] = [];
    const files = await appFiles();
    for (const file of files) {
      // Comments out, and template strings that are not a specifier themselves (a message may name an import).
      const code = (await readFile(file, 'utf8')).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').replace(/(?<!import\(\s*)`[^`]*`/g, '``');
      for (const match of code.matchAll(/\bimport\(\s*([^)]*)\)/g)) {
        if (!/^(['"`])[^'"`$]*\1$/.test(match[1]!.trim())) found.push(`${file.slice(src.length + 1)}: ${match[0]}`);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });

  it('graphqlSubscriptions takes the library from the app: without `load` it throws GJA_SUBSCRIPTIONS_LOAD at set-up', () => {
    const withoutLoad = { transport: 'ws' } as unknown as Parameters<typeof graphqlSubscriptions>[0];
    expect(() => graphqlSubscriptions(withoutLoad)).toThrow(AuthConfigError);
    expect(() => graphqlSubscriptions(withoutLoad)).toThrow(expect.objectContaining({ code: 'GJA_SUBSCRIPTIONS_LOAD' }) as Error);
  });
});
