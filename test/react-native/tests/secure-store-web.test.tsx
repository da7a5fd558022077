import { render, screen } from '@testing-library/react-native';
import * as SecureStore from 'expo-secure-store';
import { sessionPersistence } from 'graphql-jwt-auth-react';
import { secureStoreStorage } from 'graphql-jwt-auth-react/native';
import { App, newQueryClient } from '../support/app';
import { type MockBin, startMockBin } from '../support/mock-bin';

// What Metro bundles for the web (npx expo start --web): expo-secure-store's web module, which is empty.
jest.mock('expo-secure-store/build/ExpoSecureStore', () => jest.requireActual('expo-secure-store/build/ExpoSecureStore.web'));

describe('secureStoreStorage where expo-secure-store has no implementation (the web)', () => {
  let mock: MockBin | undefined;
  afterEach(() => mock?.stop());

  it('every SecureStore call rejects with a TypeError, as docs/react-native.md says', async () => {
    await expect(SecureStore.getItemAsync('graphql-jwt-auth')).rejects.toThrow(TypeError);
    await expect(SecureStore.setItemAsync('graphql-jwt-auth', 'x')).rejects.toThrow(TypeError);
    await expect(SecureStore.deleteItemAsync('graphql-jwt-auth')).rejects.toThrow(TypeError);
  });

  it('the app still gets its data, with the token in memory only: one /v1/auth per launch', async () => {
    const bin = await startMockBin();
    mock = bin;
    const persist = sessionPersistence({ storage: secureStoreStorage(SecureStore) });
    for (let launch = 0; launch < 2; launch += 1) {
      const { unmount } = await render(<App url={bin.url} queryClient={newQueryClient()} persist={persist} />);
      expect(await screen.findByText(/^pentests: /, {}, { timeout: 15_000 })).toBeTruthy();
      await unmount();
    }
    expect(bin.authCalls()).toBe(2);
    expect(bin.graphqlCalls()).toEqual([
      { status: 200, tag: 'us#1' },
      { status: 200, tag: 'us#2' },
    ]);
  });
});
