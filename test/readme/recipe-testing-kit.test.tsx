// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AuthProvider, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { createMockService } from 'graphql-jwt-auth-react/testing';
import { expect, it } from 'vitest';

// The component under test: yours.
function PentestNames() {
  const { data, error } = useGraphQLQuery<{ pentests: { op_id: string; name: string }[] }>('query { pentests { op_id name } }');
  if (error) return <p role="alert">{error.message}</p>;
  return <ul>{data?.pentests.map((pentest) => <li key={pentest.op_id}>{pentest.name}</li>)}</ul>;
}

// Just the part of your schema the component reads, with data you choose.
const mock = createMockService({
  typeDefs: 'type Query { pentests: [Pentest!]! } type Pentest { op_id: String! name: String! }',
  resolvers: { Query: { pentests: () => [{ op_id: 'op-1', name: 'Weekly internal' }] } },
  apiKeys: ['test-key'],
});

it('never shows an error when the token expires mid-test', async () => {
  const { regions, close } = await mock.listen(); // or: setupServer(...(await mock.mswHandlers())) with regions={mock.regions}
  const alerts: string[] = [];
  const watch = new MutationObserver(() => alerts.push(...[...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent)));
  watch.observe(document.body, { childList: true, subtree: true, characterData: true });
  const queryClient = new QueryClient();
  try {
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider apiKey="test-key" region="us" regions={regions}>
          <PentestNames />
        </AuthProvider>
      </QueryClientProvider>,
    );
    // The first answer needs a token first: more than Testing Library's 1 s on a busy CI machine.
    await screen.findByText('Weekly internal', {}, { timeout: 10_000 });

    mock.expireTokensNow(); // the service now answers "The incoming token has expired"
    await queryClient.refetchQueries();

    expect(screen.getByText('Weekly internal')).toBeTruthy();
    expect(alerts).toEqual([]);
    // One expired answer, one re-authentication, one retry. Tokens appear as their tags: the names the
    // client's events and <AuthDevtools /> give them.
    const [first = '', second = ''] = mock.issuedTokens.map((token) => mock.tokenTag(token));
    expect(mock.requests.map((r) => `${r.path} ${r.status} ${r.tokenTag}`)).toEqual([
      `/v1/auth 200 ${first}`,
      `/v1/graphql 200 ${first}`,
      `/v1/graphql 401 ${first}`,
      `/v1/auth 200 ${second}`,
      `/v1/graphql 200 ${second}`,
    ]);
  } finally {
    watch.disconnect();
    queryClient.clear();
    await close();
  }
});
