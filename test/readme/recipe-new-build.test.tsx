// docs/trusted-documents.md's recovery recipe, run: a page whose ids the server's list no longer holds
// (an old tab after a deploy) asks once to reload, however many of its queries meet it, and nothing
// is sent twice.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, graphqlProxy, type TypedDocumentNode, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { createGraphQLProxy } from 'graphql-jwt-auth-react/server';
import manifest from '../../examples/typed-documents/src/persisted/gql/persisted-documents.json' with { type: 'json' };
import { queryClientAskingToReload } from '../../examples/typed-documents/src/persisted/new-build.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { hasSession, serveHandler, withSession } from '../server/serve-handler.js';

/** A document of the previous build, as the preset's replaceDocumentWithHash emits it: an id the new list lacks. */
const previousBuild = { __meta__: { hash: `sha256:${'0'.repeat(64)}` } } as unknown as TypedDocumentNode<{ pentests_count: number }, { n: number }>;

function Count({ n }: { n: number }) {
  const { error } = useGraphQLQuery(previousBuild, { n });
  return <p>{error?.name ?? 'loading'}</p>;
}

describe('docs/trusted-documents.md: queryClientAskingToReload', () => {
  it('two queries of an old build: two refusals, one prompt, no retry', async () => {
    const running = await startService();
    const handler = createGraphQLProxy({
      apiKey: API_KEY,
      region: 'test',
      regions: { test: running.baseUrl },
      authorizeRequest: hasSession,
      operations: manifest,
    });
    const url = `${await serveHandler(handler)}/api/graphql`;
    const askToReload = vi.fn();

    render(
      <QueryClientProvider client={queryClientAskingToReload(askToReload)}>
        <AuthProvider graphqlProxy={graphqlProxy(url, { sendDocumentIds: true })} fetch={withSession}>
          <Count n={1} />
          <Count n={2} />
        </AuthProvider>
      </QueryClientProvider>,
    );

    await waitFor(() => {
      expect(screen.queryAllByText('UnknownOperationIdError')).toHaveLength(2);
    });
    expect(askToReload).toHaveBeenCalledTimes(1);
    expect(handler.status()).toMatchObject({ refusedOperations: 2 });
    expect(running.service.authCalls).toHaveLength(0);
  });
});
