// Every fenced code block in README.md and docs/ is one a user can trust: it is either a file that
// npm test type-checks or runs (marked `<!-- example: FILE -->`, and identical to it), a block another
// named test checks (`<!-- checked-by: TEST -->`), or shell commands of this repository's own
// (`npm run X` of a script that exists, the bin, and a few well-known tools). Anything else fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Commands a shell block may run: the package managers, the mock service's bin, and the tools the recipes name. */
const COMMANDS = new Set(['npm', 'npx', 'node', 'cd', 'git', 'openssl', 'wrangler', 'deno', 'bun', 'curl', 'redis-server', 'adb']);

interface Block {
  page: string;
  line: number;
  lang: string;
  code: string;
  mark: string | null;
  /** The nearest non-blank line above the mark: what a reader sees, since GitHub renders no HTML comment. */
  caption: string | null;
}

function blocksOf(page: string): Block[] {
  const lines = read(page).split('\n');
  const found: Block[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^```(\w*)\s*$/.exec(lines[index] ?? '');
    if (open === null) continue;
    const end = lines.indexOf('```', index + 1);
    let before = index - 1;
    while (before >= 0 && lines[before]?.trim() === '') before--;
    const mark = /^<!-- (example|checked-by): /.test(lines[before] ?? '') ? (lines[before] ?? null) : null;
    let above = before - 1;
    while (above >= 0 && lines[above]?.trim() === '') above--;
    const caption = mark === null ? null : (lines[above] ?? null);
    found.push({ page, line: index + 1, lang: open[1] ?? '', code: `${lines.slice(index + 1, end).join('\n')}\n`, mark, caption });
    index = end;
  }
  return found;
}

/** Why a shell line is not one of the known commands, or null when it is. */
function shellProblem(line: string): string | null {
  const command = line.replace(/#.*$/, '').trim();
  if (command === '') return null;
  const words = command.split(/\s+/).filter((word) => !/^[A-Z_]+=/.test(word));
  const [program, ...rest] = words;
  if (program === undefined) return null; // only environment assignments
  if (!COMMANDS.has(program)) return `runs ${program}`;
  if (program === 'npm' && rest[0] === 'run' && !scripts.includes(rest[1] ?? '')) return `npm run ${rest[1] ?? ''} is no script`;
  return null;
}

const all = PAGES.flatMap(blocksOf);

/** A page without its code blocks: what GitHub renders as prose. */
const prose = (page: string) => read(page).replace(/```[\s\S]*?```/g, '');

/** GitHub's heading anchors: lower case, punctuation dropped but `-` and `_`, spaces to `-`. */
function headingAnchors(page: string): Set<string> {
  const headings = [...prose(page).matchAll(/^#+ (.*)$/gm)].map(([, text]) => (text ?? '').trim().toLowerCase());
  return new Set(headings.map((text) => text.replace(/[^\p{L}\p{N}_\- ]/gu, '').replaceAll(' ', '-')));
}

describe('code blocks in README.md and docs/', () => {
  it('are found on every page that has them', () => {
    expect(all.filter(({ page }) => page === 'README.md').length).toBeGreaterThan(2);
    expect(new Set(all.map(({ page }) => page)).size).toBeGreaterThan(5);
  });

  it('each is a checked file, checked by a named test, or commands of this repository: none is left unchecked', () => {
    const unchecked = all
      .filter(({ mark, lang }) => mark === null && !['sh', 'bash', 'shell'].includes(lang))
      .map(({ page, line, lang }) => `${page}:${String(line)} (${lang || 'no language'})`);
    expect(unchecked).toEqual([]);
  });

  it('each marked example is identical to a file that npm test type-checks or runs', () => {
    const examples = all.filter(({ mark }) => mark?.startsWith('<!-- example: '));
    expect(examples.length).toBeGreaterThan(20);
    for (const { page, line, code, mark } of examples) {
      const file = /^<!-- example: (\S+)/.exec(mark ?? '')?.[1] ?? '';
      expect(existsSync(join(root, file)), `${page}:${String(line)} names ${file}`).toBe(true);
      expect(code, `${page}:${String(line)}`).toBe(read(file));
    }
  });

  it('a file of an example app is named in the text above its block, where a reader of the rendered page sees it', () => {
    const shown = all.flatMap(({ page, line, mark, caption }) => {
      const path = /^<!-- example: examples\/[\w-]+\/(\S+)/.exec(mark ?? '')?.[1];
      return path === undefined ? [] : [{ where: `${page}:${String(line)}`, path, caption }];
    });
    expect(shown.length).toBeGreaterThan(15);
    expect(shown.filter(({ path, caption }) => !(caption ?? '').includes(`\`${path}\``)).map(({ where, path }) => `${where} ${path}`)).toEqual([]);
  });

  it('a block checked by a named test: the test exists and reads that page', () => {
    for (const { page, mark } of all.filter(({ mark: given }) => given?.startsWith('<!-- checked-by: '))) {
      const test = /^<!-- checked-by: (\S+)/.exec(mark ?? '')?.[1] ?? '';
      expect(read(test)).toContain(page);
    }
  });

  it('shell blocks run only npm scripts that exist, the bin and the tools the recipes name', () => {
    const problems = all
      .filter(({ lang, mark }) => mark === null && ['sh', 'bash', 'shell'].includes(lang))
      .flatMap(({ page, line, code }) =>
        code.split('\n').flatMap((text) => (shellProblem(text) === null ? [] : [`${page}:${String(line)}: ${shellProblem(text) ?? ''}`])),
      );
    expect(problems).toEqual([]);
  });

  it('each relative link reaches a file, and each #anchor a heading of its page', () => {
    const broken = PAGES.flatMap((page) =>
      [...prose(page).matchAll(/\]\(([^)\s]+)\)/g)]
        .map(([, target]) => target ?? '')
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [path = '', anchor] = target.split('#');
          const file = path === '' ? page : relative(root, resolve(root, dirname(page), path));
          if (!existsSync(join(root, file))) return true;
          return anchor !== undefined && file.endsWith('.md') && !headingAnchors(file).has(anchor);
        })
        .map((target) => `${page}: ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
