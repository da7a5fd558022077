// The proxy scans any client's query text for its span's operation name, so the scan's work must grow
// with the text's length and no faster. Counted in the scan's own steps (characters looked at), not timed:
// a count holds on a loaded machine, and a quadratic scan shows at once as steps per character growing with n.
import { describe, expect, it } from 'vitest';
import { scanOperationName } from '../../../src/core/wire/operation-name.js';

/** Adversarial shapes of about `n` repetitions each. */
const SHAPES: ReadonlyArray<readonly [string, (n: number) => string]> = [
  ['nested parentheses, reopened and closed (the 560 kB query of issue 32)', (n) => `query Q${'('.repeat(n)}${')('.repeat(n)}${')'.repeat(n)}`],
  ['deep selection sets', (n) => `query Q ${'{ a '.repeat(n)}${'}'.repeat(n)}`],
  ['deep lists in a default value', (n) => `query Q($x: [In] = ${'['.repeat(n)}${']'.repeat(n)}) { a }`],
  ['brackets that never close', (n) => `query Q ${'{('.repeat(n)}`],
  ['a closer that does not match, after deep nesting', (n) => `query Q ${'{'.repeat(n)})`],
  ['many strings', (n) => `query Q { a(${'x: "s\\"" '.repeat(n)}) }`],
  ['many block strings', (n) => `query Q { a(${'x: """s\\""" """ '.repeat(n)}) }`],
  ['long comments', (n) => `${'# a { comment ( " """ \n'.repeat(n)}query Q { a }`],
  ['one comment as long as the text', (n) => `#${'#'.repeat(n)}`],
  ['an unterminated string', (n) => `query Q { a(x: "${'a'.repeat(n)}`],
  ['an unterminated block string', (n) => `query Q { a(x: """${'""\\"""'.repeat(n)}`],
  ['quotes only', (n) => '"'.repeat(n)],
  ['a long name', (n) => `query ${'a'.repeat(n)} { a }`],
  ['a long word where a keyword goes', (n) => `${'q'.repeat(n)} { a }`],
  ['many operations', (n) => 'query A { a } '.repeat(n)],
  ['many descriptions', (n) => '"d" '.repeat(n)],
  ['digits and punctuators', (n) => `query Q { a(x: ${'-1.5e3 $!&:=@| '.repeat(n)}) }`],
];

describe('the operation-name scan looks at each character of the text at most twice, whatever its shape', () => {
  it.each(SHAPES)('%s: at most two steps per character, at 1 000 and at 200 000 repetitions', (_, shape) => {
    for (const n of [1_000, 200_000]) {
      const text = shape(n);
      const { steps } = scanOperationName(text);
      expect(steps, `${String(steps)} steps for ${String(text.length)} characters`).toBeLessThanOrEqual(2 * text.length);
    }
  });

  it('depth changes nothing of the name: brackets left open leave none, deep balanced selection sets keep their operation’s', () => {
    const n = 100_000;
    expect(scanOperationName(`query Deep${'('.repeat(n)}`).name).toBeUndefined();
    expect(scanOperationName(`query Deep ${'{ a '.repeat(n)}${'}'.repeat(n)}`).name).toBe('Deep');
  });
});
