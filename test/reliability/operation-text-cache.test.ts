// The operation text cache keeps an app's few documents, never a server's share of browsers' texts:
// bounded by the length of what it keeps (issue 47's fourth finding), as well as by count. Whether a
// text is kept shows as the same OperationText answered twice. In a process of its own (test/reliability):
// each test imports the module afresh, which a worker shared with other files must not do.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CACHED_STRING_LENGTH, MAX_CACHED_TEXT_LENGTH } from '../../src/core/wire/operation-text.js';

type OperationTextOf = typeof import('../../src/core/wire/operation-text.js').operationText;
let operationText: OperationTextOf;

beforeEach(async () => {
  // A fresh module, so each test starts from an empty cache.
  vi.resetModules();
  ({ operationText } = await import('../../src/core/wire/operation-text.js'));
});

/** A query of exactly `length` characters, distinct by `tag`. */
function queryOf(length: number, tag: string): string {
  const head = `query Q${tag} { a } #`;
  return head + 'x'.repeat(length - head.length);
}

const kept = (query: string) => operationText(query) === operationText(query);

describe('operationText’s cache of query strings', () => {
  it('keeps a string of MAX_CACHED_STRING_LENGTH characters, never one character longer (scanned each time instead)', () => {
    expect(kept(queryOf(MAX_CACHED_STRING_LENGTH, 'At'))).toBe(true);
    expect(kept(queryOf(MAX_CACHED_STRING_LENGTH + 1, 'Over'))).toBe(false);
    expect(operationText(queryOf(MAX_CACHED_STRING_LENGTH + 1, 'Over'))).toEqual({
      query: queryOf(MAX_CACHED_STRING_LENGTH + 1, 'Over'),
      operationName: 'QOver',
    });
  });

  it('keeps MAX_CACHED_TEXT_LENGTH characters in all: the string that would pass it empties the cache first', () => {
    const texts = Array.from({ length: MAX_CACHED_TEXT_LENGTH / MAX_CACHED_STRING_LENGTH }, (_, index) => queryOf(MAX_CACHED_STRING_LENGTH, `Fill${index}`));
    const first = texts.map((text) => operationText(text));
    // Exactly the budget: every one still kept.
    expect(texts.map((text, index) => operationText(text) === first[index])).toEqual(texts.map(() => true));

    const past = operationText('query Past { a }');
    expect(operationText('query Past { a }')).toBe(past);
    expect(texts.map((text, index) => operationText(text) === first[index])).toEqual(texts.map(() => false));
  });

  it('keeps at most 100 strings however short', () => {
    const texts = Array.from({ length: 100 }, (_, index) => `query Short${index} { a }`);
    const first = texts.map((text) => operationText(text));
    expect(operationText(texts[99] ?? '')).toBe(first[99]);
    operationText('query OneMore { a }');
    expect(operationText(texts[99] ?? '')).not.toBe(first[99]);
  });
});
