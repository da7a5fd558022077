// The throwaway Node project that test/package/node-core.package.ts compiles against the packed tarball,
// with only graphql-jwt-auth-react and graphql installed: the React-free entry, as a script would use it.
import { parse } from 'graphql';
import {
  type AuthClient,
  AuthError,
  createAuthClient,
  graphqlQueryKey,
  InvalidApiKeyError,
  type TypedDocumentNode,
} from 'graphql-jwt-auth-react/core';

interface Item {
  id: string;
  title: string;
}

const ItemsDocument: TypedDocumentNode<{ items: Item[] }, { first?: number }> = parse(
  'query Items($first: Int) { items(first: $first) { id title } }',
);
const ItemDocument: TypedDocumentNode<{ item: Item | null }, { id: string }> = parse(
  'query Item($id: ID!) { item(id: $id) { id title } }',
);

/** Never called: the published types must refuse a document's required variables left out. */
export function withoutRequiredVariables(client: AuthClient): Promise<{ item: Item | null }> {
  // @ts-expect-error: `$id: ID!` is required
  return client.request(ItemDocument);
}

export interface Outcome {
  titles: string[];
  item: Item | null;
  queryKeyRoot: string;
  wrongKeyError: string;
}

export async function run(baseUrl: string, apiKey: string): Promise<Outcome> {
  const regions = { local: baseUrl };
  const client = createAuthClient({ apiKey, region: 'local', regions });
  const wrongKey = createAuthClient({ apiKey: `${apiKey}-wrong`, region: 'local', regions });
  try {
    const { items } = await client.request(ItemsDocument, { first: 2 });
    const first = items[0];
    if (first === undefined) throw new Error('the service returned no items');
    const { item } = await client.request(ItemDocument, { id: first.id });
    const wrongKeyError = await wrongKey.request(ItemsDocument).then(
      () => 'none',
      (error: unknown) => (error instanceof InvalidApiKeyError && error instanceof AuthError ? error.name : String(error)),
    );
    const [queryKeyRoot] = graphqlQueryKey(client.identity, ItemDocument, { id: first.id });
    return { titles: items.map((each) => each.title), item, queryKeyRoot, wrongKeyError };
  } finally {
    client.dispose();
    wrongKey.dispose();
  }
}
