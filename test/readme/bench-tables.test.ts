// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pasteTables } from '../../bench/paste-tables.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(resolve(root, file), 'utf8');

/** The rows of every table that follows a `<!-- bench-table … -->` marker, separator rows left out. */
function pastedRows(markdown: string): string[] {
  const rows: string[] = [];
  const lines = markdown.split('\n');
  lines.forEach((line, index) => {
    if (!line.startsWith('<!-- bench-table')) return;
    // Tables under one marker run on across single empty lines.
    for (let next = index + 1; next < lines.length; next++) {
      const row = lines[next]!;
      if (row === '' && lines[next + 1]?.startsWith('|') === true) continue;
      if (!row.startsWith('|')) break;
      if (!/^\|[-| ]+\|$/.test(row)) rows.push(row);
    }
  });
  return rows;
}

describe('benchmark figures in the docs', () => {
  // `npm run bench` writes bench/RESULTS.md; a figure copied by hand and not re-copied after a run
  // would contradict it.
  const results = new Set(read('bench/RESULTS.md').split('\n'));

  it.each(['README.md', 'docs/reliability.md'])('every row of a table %s pastes from the bench is a row of bench/RESULTS.md', (file) => {
    const rows = pastedRows(read(file));
    expect(rows.length).toBeGreaterThan(4);
    expect(rows.filter((row) => !results.has(row))).toEqual([]);
  });

  it.each(['README.md', 'docs/reliability.md'])('%s shows the tables as npm run bench:paste pastes them from bench/RESULTS.md', (file) => {
    const text = read(file);
    const pasted = pasteTables(text, read('bench/RESULTS.md'));
    expect(pasted.unmatched).toEqual([]);
    expect(pasted.text).toBe(text);
  });

  it('a pasted table takes its section whole, and a chosen row is never pasted over another', () => {
    const results = ['## 8. Server', '', '| A | B |', '|---|---|', '| x | 1 | 2 |', '| y | 3 |', '', '| C |', '|---|', '| z |', '## 9. Next'].join('\n');
    const marker = (kind: string) => `<!-- bench-table: ${kind} from bench/RESULTS.md (section 8) -->`;
    expect(
      pasteTables([marker('pasted'), '| A | B |', '|---|---|', '| x | 0 |', '', '| C |', '|---|', '| z |', '| z |', 'after'].join('\n'), results).text,
    ).toBe([marker('pasted'), '| A | B |', '|---|---|', '| x | 1 | 2 |', '| y | 3 |', '', '| C |', '|---|', '| z |', 'after'].join('\n'));
    const chosen = pasteTables([marker('rows'), '| A | B |', '|---|---|', '| y | 0 |', '| w | 0 |'].join('\n'), results);
    expect(chosen.text).toBe([marker('rows'), '| A | B |', '|---|---|', '| y | 3 |', '| w | 0 |'].join('\n'));
    expect(chosen.unmatched).toEqual(['| w | 0 |']);
  });

  it('the run the docs describe is the run in bench/RESULTS.md: its date, and in docs/reliability.md its load and length', () => {
    const run = /Date: (\d{4}-\d\d-\d\d)T.*the whole run took (\d+) s/.exec(read('bench/RESULTS.md'));
    const load = /load average ([\d.]+) at start/.exec(read('bench/RESULTS.md'));
    expect(run).not.toBeNull();
    expect(load).not.toBeNull();
    const [, date, seconds] = run!;
    expect(read('README.md')).toContain(`on 2 shared cores (${date!})`);
    expect(read('docs/reliability.md')).toMatch(new RegExp(`Figures from one run \\(${date!}, [^)]*load ${load![1]!} at start, [^)]*, ${seconds!} s;`));
  });
});
