import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
// A marked block is followed by a fenced code block that must equal the named, type-checked file.
const MARKED = /<!-- example: (\S+)[^>]*-->\n```\w+\n([\s\S]*?)```/g;

describe('README', () => {
  it('each marked example is identical to a file that npm test type-checks', () => {
    const examples = [...readme.matchAll(MARKED)];
    expect(examples.length).toBeGreaterThan(0);
    for (const [, file, code] of examples) {
      expect(code).toBe(readFileSync(resolve(root, file!), 'utf8'));
    }
  });
});
