// What the tests render: an app as the docs write it, the regions pointed at the mock bin.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { parse } from 'graphql';
import { type AuthClientOptions, AuthProvider, type TypedDocumentNode, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { Text } from 'react-native';

export const PentestsDocument: TypedDocumentNode<{ pentests_page: { pentests: { op_id: string; name: string }[] } }, { page_size?: number }> = parse(
  'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name } } }',
);

export function Pentests() {
  const { data, error, isPending } = useGraphQLQuery(PentestsDocument, { page_size: 3 });
  if (isPending) return <Text>Loading…</Text>;
  if (error) return <Text>{error.message}</Text>;
  return <Text>{`pentests: ${data.pentests_page.pentests.map((pentest) => pentest.name).join(', ')}`}</Text>;
}

type Extra = Omit<AuthClientOptions, 'apiKey' | 'region' | 'regions' | 'tokenEndpoint' | 'graphqlProxy'>;

export function App({ url, queryClient, ...extra }: { url: string; queryClient: QueryClient } & Extra) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider apiKey="dev-key" region="us" regions={{ us: url }} {...extra}>
        <Pentests />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** No retries: a failure shows at once instead of after React Query's backoff. */
export const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
