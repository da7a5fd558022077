/**
 * The bench tables README.md and docs/reliability.md show, pasted from bench/RESULTS.md. A
 * `<!-- bench-table: pasted from bench/RESULTS.md (…) -->` marker takes its section's tables whole; a
 * `rows from` marker keeps its own choice of rows, each found again by its leading cells in the
 * section's table with the same header. A row found nowhere, or in two places, is reported, never
 * pasted over another row (a row-by-row paste matched on too few cells once put the proxy's load row
 * into the memory table eight times).
 */

const MARKER = /^<!-- bench-table: (pasted|rows) from bench\/RESULTS\.md(?: \((?:"([^"]+)"|section (\d+))\))? -->$/;

const cellsOf = (row: string) =>
  row
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
const sameStart = (a: string, b: string, count: number) => cellsOf(a).slice(0, count).join('|') === cellsOf(b).slice(0, count).join('|');

/** The tables of one `## ` section of RESULTS.md: by its title, or by its number (`8` is `## 8. …`). */
function sectionTables(results: string, title: string): string[][] {
  const lines = results.split('\n');
  const start = lines.findIndex((line) => line === `## ${title}` || line.startsWith(`## ${title} `));
  if (start < 0) throw new Error(`bench/RESULTS.md has no section "${title}"`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return tablesIn(lines.slice(start, end < 0 ? undefined : end));
}

function tablesIn(lines: readonly string[]): string[][] {
  const tables: string[][] = [];
  let table: string[] = [];
  for (const line of lines) {
    if (line.startsWith('|')) table.push(line);
    else if (table.length > 0) {
      tables.push(table);
      table = [];
    }
  }
  if (table.length > 0) tables.push(table);
  return tables;
}

export interface Pasted {
  text: string;
  /** Rows of a `rows from` table not found exactly once, and tables whose header the run lacks. */
  unmatched: string[];
}

/** `markdown` with every marked table pasted again from `results` (the text of bench/RESULTS.md). */
export function pasteTables(markdown: string, results: string): Pasted {
  const lines = markdown.split('\n');
  const out: string[] = [];
  const unmatched: string[] = [];
  let index = 0;
  for (let line = lines[index]; line !== undefined; line = lines[index]) {
    index++;
    out.push(line);
    const marker = MARKER.exec(line);
    if (marker === null) continue;
    const [, kind, title, number] = marker;
    const tables = sectionTables(results, title ?? (number === undefined ? 'Side by side' : `${number}.`));
    // The marker's tables run on across single empty lines.
    const own: string[][] = [];
    let table: string[] = [];
    for (let next = lines[index]; next !== undefined; next = lines[++index]) {
      if (next === '' && lines[index + 1]?.startsWith('|') === true) {
        own.push(table);
        table = [];
      } else if (next.startsWith('|')) table.push(next);
      else break;
    }
    own.push(table);
    own.forEach((table, position) => {
      if (position > 0) out.push('');
      const run = tables.find((candidate) => candidate[0] === table[0]);
      if (run === undefined) {
        unmatched.push(`no table in bench/RESULTS.md has the header ${table[0] ?? '(none)'}`);
        out.push(...table);
      } else if (kind === 'pasted') {
        out.push(...run);
      } else {
        out.push(...run.slice(0, 2));
        for (const row of table.slice(2)) {
          // The fewest leading cells that name the row in the run's table.
          const found = [1, 2, 3].map((count) => run.slice(2).filter((candidate) => sameStart(candidate, row, count))).find((rows) => rows.length === 1);
          if (found === undefined) unmatched.push(row);
          out.push(found?.[0] ?? row);
        }
      }
    });
  }
  const run = /Date: (\d{4}-\d\d-\d\d)T.*the whole run took (\d+) s/.exec(results);
  const load = /load average ([\d.]+) at start/.exec(results);
  let text = out.join('\n');
  const [, date, seconds] = run ?? [];
  const [, loadAtStart] = load ?? [];
  if (date !== undefined && seconds !== undefined && loadAtStart !== undefined) {
    text = text
      .replace(/on 2 shared cores \(\d{4}-\d\d-\d\d\)/g, `on 2 shared cores (${date})`)
      .replace(
        /Figures from one run \(\d{4}-\d\d-\d\d, ([^)]*?)load [\d.]+ at start, ([^)]*?), \d+ s;/g,
        (_, before: string, after: string) => `Figures from one run (${date}, ${before}load ${loadAtStart} at start, ${after}, ${seconds} s;`,
      );
  }
  return { text, unmatched };
}
