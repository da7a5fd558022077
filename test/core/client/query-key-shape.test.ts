import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_INFINITE_QUERY_KEY_MARK, graphqlInfiniteQueryKey, graphqlQueryKey, graphqlScopeKey, type AuthIdentity } from '../../../src/index.js';

const identity: AuthIdentity = { region: 'us', id: 'tag-1' };
const QUERY = 'query Pentests($page_size: Int) { pentests_page(page_size: $page_size) { total } }';

// Apps invalidate, reset and read the cache with these keys, so their exact shape is public.
describe('query key shape', () => {
  it('the scope key is the root then the region and identity tag', () => {
    expect(graphqlScopeKey(identity)).toEqual(['graphql', { region: 'us', identity: 'tag-1' }]);
  });

  it('a query key is the scope key, the query text as given and the variables', () => {
    expect(graphqlQueryKey(identity, QUERY, { page_size: 2 })).toEqual(['graphql', { region: 'us', identity: 'tag-1' }, QUERY, { page_size: 2 }]);
  });

  it('a query without variables is keyed with an empty variables object', () => {
    expect(graphqlQueryKey(identity, QUERY, undefined)).toEqual(['graphql', { region: 'us', identity: 'tag-1' }, QUERY, {}]);
  });

  it('a DocumentNode is keyed by its printed text, the same on every call', () => {
    const document = parse(QUERY);
    const printed = 'query Pentests($page_size: Int) {\n  pentests_page(page_size: $page_size) {\n    total\n  }\n}';

    expect(graphqlQueryKey(identity, document, {})[2]).toBe(printed);
    expect(graphqlQueryKey(identity, document, {})[2]).toBe(printed);
  });

  it("an infinite query's key is its first page's plain key, then the mark 'infinite'", () => {
    expect(GRAPHQL_INFINITE_QUERY_KEY_MARK).toBe('infinite');
    expect(graphqlInfiniteQueryKey(identity, QUERY, { page_size: 2 })).toEqual([
      'graphql',
      { region: 'us', identity: 'tag-1' },
      QUERY,
      { page_size: 2 },
      'infinite',
    ]);
  });
});
