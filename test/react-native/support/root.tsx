// An Expo app as docs/react-native.md sets it up: the token renewed when the app comes back
// (AppState), React Query's focus manager on AppState, the token kept in SecureStore.
import { focusManager } from '@tanstack/react-query';
import * as SecureStore from 'expo-secure-store';
import { sessionPersistence } from 'graphql-jwt-auth-react';
import { appStateWake, secureStoreStorage } from 'graphql-jwt-auth-react/native';
import { AppState } from 'react-native';
import { App, newQueryClient } from './app';

AppState.addEventListener('change', (state) => {
  focusManager.setFocused(state === 'active');
});

const queryClient = newQueryClient();
const wake = appStateWake(AppState);
const persist = sessionPersistence({ storage: secureStoreStorage(SecureStore) });

export function Root() {
  return <App url="http://10.0.2.2:4000" queryClient={queryClient} renewOnWake={wake} persist={persist} />;
}
