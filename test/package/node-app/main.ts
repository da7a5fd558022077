// The throwaway Node project that test/package/node-core.package.ts compiles against the packed tarball,
// with only graphql-jwt-auth-react and graphql installed: the React-free entry, as a script would use it.
import { parse } from 'graphql';
import { type AuthClient, AuthError, createAuthClient, graphqlQueryKey, InvalidApiKeyError, type TypedDocumentNode } from 'graphql-jwt-auth-react/core';

interface Pentest {
  op_id: string;
  name: string;
}

const PentestsDocument: TypedDocumentNode<{ pentests_page: { pentests: Pentest[] } }, { page_size?: number }> = parse(
  'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name } } }',
);
const PentestDocument: TypedDocumentNode<{ pentest: Pentest | null }, { op_id: string }> = parse(
  'query Pentest($op_id: String!) { pentest(op_id: $op_id) { op_id name } }',
);

/** Never called: the published types must refuse a document's required variables left out. */
export function withoutRequiredVariables(client: AuthClient): Promise<{ pentest: Pentest | null }> {
  // @ts-expect-error: `$op_id: String!` is required
  return client.request(PentestDocument);
}

export interface Outcome {
  names: string[];
  pentest: Pentest | null;
  queryKeyRoot: string;
  wrongKeyError: string;
}

export async function run(baseUrl: string, apiKey: string): Promise<Outcome> {
  const regions = { local: baseUrl };
  const client = createAuthClient({ apiKey, region: 'local', regions });
  const wrongKey = createAuthClient({ apiKey: `${apiKey}-wrong`, region: 'local', regions });
  try {
    const { pentests } = (await client.request(PentestsDocument, { page_size: 2 })).pentests_page;
    const first = pentests[0];
    if (first === undefined) throw new Error('the service returned no pentests');
    const { pentest } = await client.request(PentestDocument, { op_id: first.op_id });
    const wrongKeyError = await wrongKey.request(PentestsDocument).then(
      () => 'none',
      (error: unknown) => (error instanceof InvalidApiKeyError && error instanceof AuthError ? error.name : String(error)),
    );
    const [queryKeyRoot] = graphqlQueryKey(client.identity, PentestDocument, { op_id: first.op_id });
    return { names: pentests.map((each) => each.name), pentest, queryKeyRoot, wrongKeyError };
  } finally {
    client.dispose();
    wrongKey.dispose();
  }
}
