import NetInfo from '@react-native-community/netinfo';
import { focusManager, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Constants from 'expo-constants';
import * as SecureStore from 'expo-secure-store';
import { parse } from 'graphql';
import { AuthProvider, sessionPersistence, type TypedDocumentNode, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { appStateWake, secureStoreStorage } from 'graphql-jwt-auth-react/native';
import { AppState, Platform, Text } from 'react-native';

// React Query refetches when the app is focused and when the network returns; in React Native
// focus is AppState and the network is NetInfo, wired as TanStack Query documents.
AppState.addEventListener('change', (state) => {
  focusManager.setFocused(state === 'active');
});
onlineManager.setEventListener((setOnline) =>
  NetInfo.addEventListener((state) => {
    setOnline(state.isConnected === true);
  }),
);

// The mock on your machine (npx -p graphql-jwt-auth-react graphql-jwt-auth-mock), found where this
// app found Metro: hostUri is the address the phone used for `npx expo start` (192.168.1.23:8081 over
// Wi-Fi, 127.0.0.1:8081 with --localhost). Outside `expo start` (a release build, jest) it is unset.
const devMachine = Constants.expoConfig?.hostUri?.split(':')[0] ?? '127.0.0.1';
const MOCK_URL = `http://${devMachine}:4000`;

const PentestsDocument: TypedDocumentNode<{ pentests_page: { pentests: { op_id: string; name: string }[] } }, { page_size?: number }> = parse(
  'query Pentests($page_size: Int) { pentests_page(page_input: { page_size: $page_size }) { pentests { op_id name } } }',
);

const queryClient = new QueryClient();
// Made once, outside the component: the provider keeps its client while these stay the same.
const wake = appStateWake(AppState);
// expo-secure-store has no web implementation: in a browser (npx expo start --web) the token stays in sessionStorage.
const persist = sessionPersistence(Platform.OS === 'web' ? {} : { storage: secureStoreStorage(SecureStore) });

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider apiKey="dev-key" region="us" regions={{ us: MOCK_URL }} renewOnWake={wake} persist={persist}>
        <Pentests />
      </AuthProvider>
    </QueryClientProvider>
  );
}

function Pentests() {
  const { data, error, isPending } = useGraphQLQuery(PentestsDocument, { page_size: 10 });
  if (isPending) return <Text>Loading…</Text>;
  if (error) return <Text>{error.message}</Text>;
  return <Text>{data.pentests_page.pentests.map((pentest) => pentest.name).join('\n')}</Text>;
}
