// The docs are the source of the recipe tests: each file is pasted from the code block that shows it,
// found by the `<!-- example: FILE -->` (or `<!-- checked-by: … -->`) mark above it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { root } from '../package/throwaway-app.ts';

export interface DocBlock {
  /** The path the mark names (`examples/nextjs/lib/session.ts`), or the test's for a checked-by block. */
  file: string;
  code: string;
}

export async function docBlocks(page: string): Promise<DocBlock[]> {
  const text = await readFile(join(root, page), 'utf8');
  return [...text.matchAll(/^<!-- (?:example|checked-by): (\S+)[^\n]*-->\n```\w*\n([\s\S]*?)^```$/gm)].map(([, file = '', code = '']) => ({ file, code }));
}

/** The one block of `page` that shows `file`; a test fails here when the docs stop showing it. */
export async function docFile(page: string, file: string): Promise<string> {
  const found = (await docBlocks(page)).filter((block) => block.file === file);
  if (found.length !== 1) throw new Error(`${page} shows ${file} ${String(found.length)} times, not once`);
  return found[0]?.code ?? '';
}

/** The arguments of the first `npm install <start>…` in `text` (a page, or a block's comment), as a user copies them. */
export function installArgs(text: string, start: string): string[] {
  const line = new RegExp(`npm install ${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\n\`]*`).exec(text)?.[0];
  if (line === undefined) throw new Error(`no "npm install ${start}…" where the test looked`);
  // Without a shell comment after it, which the shell would not pass to npm either.
  return line
    .replace(/\s#.*$/, '')
    .trim()
    .split(/\s+/)
    .slice(2);
}

export const readDoc = (page: string) => readFile(join(root, page), 'utf8');
