import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What a bundler does with a development guard decides what a browser's development build shows: it
// replaces `process.env.NODE_ENV` and nothing else. A guard that also asks `typeof process` is false in
// every browser (no `process` there), so that build took the production branch: bare codes and no
// unknown-option warning. Every guard in src/ reads `process.env.NODE_ENV` alone, in one statement.
const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
}

/** Each statement (up to its `;` or line's end) of src/ that reads `process.env.NODE_ENV`, with its file. */
async function guards(): Promise<{ file: string; statement: string }[]> {
  const found: { file: string; statement: string }[] = [];
  for (const file of await sourceFiles(src)) {
    const code = (await readFile(file, 'utf8')).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '');
    for (const statement of code.split(/;|\n(?=\s*(?:return|if|const|let|export)\b)/)) {
      if (statement.includes('process.env.NODE_ENV')) found.push({ file: file.slice(src.length + 1), statement: statement.trim() });
    }
  }
  return found;
}

describe('development guards', () => {
  it('read process.env.NODE_ENV alone, never beside a `typeof process` or any other read of `process` a bundler leaves', async () => {
    const all = await guards();
    // The guards this test knows of: a new one is checked the same way.
    expect(new Set(all.map(({ file }) => file))).toEqual(
      new Set([
        'core/errors/error-message.ts',
        'core/client/create-auth-client.ts',
        'core/client/unknown-options.ts',
        'core/browser/devtools.ts',
        'devtools/index.ts',
      ]),
    );
    for (const { file, statement } of all) {
      expect(statement.replaceAll('process.env.NODE_ENV', ''), file).not.toMatch(/\bprocess\b/);
    }
  });
});
