import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_INFINITE_QUERY_KEY_MARK, graphqlInfiniteQueryKey, graphqlQueryKey, graphqlScopeKey, type AuthIdentity } from '../../../src/index.js';

const identity: AuthIdentity = { region: 'us', id: 'tag-1' };
const QUERY = 'query Pentests($page_size: Int) { pentests_page(page_size: $page_size) { total } }';
/** QUERY's operation as keys hold it: its name and a 53-bit hash of its text, in base 36. */
const PENTESTS = 'Pentests:8lzeja67lr';

// Apps invalidate, reset and read the cache with these keys, so their exact shape is public.
describe('query key shape', () => {
  it('the scope key is the root then the region and identity tag', () => {
    expect(graphqlScopeKey(identity)).toEqual(['graphql', { region: 'us', identity: 'tag-1' }]);
  });

  it("the scope key with an app's prefix is the scope then the prefix", () => {
    expect(graphqlScopeKey(identity, ['pentests', 'list'])).toEqual(['graphql', { region: 'us', identity: 'tag-1' }, 'pentests', 'list']);
  });

  it("a query key is the scope key, the operation's name and text hash, and the variables", () => {
    expect(graphqlQueryKey(identity, QUERY, { page_size: 2 })).toEqual(['graphql', { region: 'us', identity: 'tag-1' }, PENTESTS, { page_size: 2 }]);
  });

  it('a query without variables is keyed with an empty variables object', () => {
    expect(graphqlQueryKey(identity, QUERY, undefined)).toEqual(['graphql', { region: 'us', identity: 'tag-1' }, PENTESTS, {}]);
  });

  it("an app's prefix goes between the scope and the operation", () => {
    expect(graphqlQueryKey(identity, QUERY, { page_size: 2 }, ['pentests', { team: 'red' }])).toEqual([
      'graphql',
      { region: 'us', identity: 'tag-1' },
      'pentests',
      { team: 'red' },
      PENTESTS,
      { page_size: 2 },
    ]);
  });

  it('the key holds no query text, however long the document', () => {
    const fields = Array.from({ length: 200 }, (_, index) => `field_${String(index)}`).join(' ');
    const key = graphqlQueryKey(identity, `query Long { pentests_page { ${fields} } }`, {});

    expect(key[2]).toMatch(/^Long:[0-9a-z]{1,11}$/);
    expect(JSON.stringify(key)).not.toContain('field_');
  });

  it('two documents of one name, or of none, get different keys; the same text always the same key', () => {
    const other = 'query Pentests { pentests_page { total } }';

    expect(graphqlQueryKey(identity, other, {})[2]).toMatch(/^Pentests:[0-9a-z]{1,11}$/);
    expect(graphqlQueryKey(identity, other, {})[2]).not.toBe(PENTESTS);
    expect(graphqlQueryKey(identity, '{ a }', {})[2]).toMatch(/^[0-9a-z]{1,11}$/);
    expect(graphqlQueryKey(identity, '{ a }', {})[2]).not.toBe(graphqlQueryKey(identity, '{ b }', {})[2]);
    // Equal text built apart: the key depends on the text, not on which string it is.
    expect(graphqlQueryKey(identity, ['query Pentests($page_size: Int)', '{ pentests_page(page_size: $page_size) { total } }'].join(' '), {})[2]).toBe(
      PENTESTS,
    );
  });

  it('a DocumentNode is keyed by the text it is sent as: the same key as that text given as a string, on every call', () => {
    const document = parse(QUERY);
    const key = graphqlQueryKey(identity, print(document), {})[2];

    expect(key).toMatch(/^Pentests:[0-9a-z]{1,11}$/);
    expect(key).not.toBe(PENTESTS);
    expect(graphqlQueryKey(identity, document, {})[2]).toBe(key);
    expect(graphqlQueryKey(identity, document, {})[2]).toBe(key);
    expect(graphqlQueryKey(identity, parse(QUERY), {})[2]).toBe(key);
  });

  it('the module-level filter is the root, an empty scope and the operation', () => {
    expect(graphqlQueryKey(QUERY)).toEqual(['graphql', {}, PENTESTS]);
    expect(graphqlQueryKey(QUERY, { page_size: 2 })).toEqual(['graphql', {}, PENTESTS, { page_size: 2 }]);
  });

  it("an infinite query's key is its first page's plain key, then the mark 'infinite'", () => {
    expect(GRAPHQL_INFINITE_QUERY_KEY_MARK).toBe('infinite');
    expect(graphqlInfiniteQueryKey(identity, QUERY, { page_size: 2 })).toEqual([
      'graphql',
      { region: 'us', identity: 'tag-1' },
      PENTESTS,
      { page_size: 2 },
      'infinite',
    ]);
    expect(graphqlInfiniteQueryKey(identity, QUERY, {}, ['pentests'])).toEqual([
      'graphql',
      { region: 'us', identity: 'tag-1' },
      'pentests',
      PENTESTS,
      {},
      'infinite',
    ]);
  });
});
