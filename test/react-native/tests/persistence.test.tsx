import { render, screen } from '@testing-library/react-native';
import * as SecureStore from 'expo-secure-store';
import { type AuthClientOptions, sessionPersistence } from 'graphql-jwt-auth-react';
import { secureStoreStorage } from 'graphql-jwt-auth-react/native';
import { App, newQueryClient } from '../support/app';
import { type MockBin, startMockBin } from '../support/mock-bin';
import { persist as asyncStoragePersist } from '../support/persist-async-storage';

jest.mock('@react-native-async-storage/async-storage', () => require('@react-native-async-storage/async-storage/jest/async-storage-mock'));

/** The keychain under expo-secure-store's JS, refusing what SecureStore warned about: a value over 2048 bytes. */
const mockKeychain = new Map<string, string>();
jest.mock('expo-secure-store/build/ExpoSecureStore', () => ({
  __esModule: true,
  default: {
    getValueWithKeyAsync: async (key: string) => mockKeychain.get(key) ?? null,
    deleteValueWithKeyAsync: async (key: string) => void mockKeychain.delete(key),
    setValueWithKeyAsync: async (value: string, key: string) => {
      if (Buffer.byteLength(value) > 2048) throw new Error(`value of ${Buffer.byteLength(value)} bytes`);
      mockKeychain.set(key, value);
    },
  },
}));

/** Mounts the app, waits for its data, and unmounts it, as a user who closes and reopens the app. */
async function session(mock: MockBin, persist: AuthClientOptions['persist']) {
  const { unmount } = await render(<App url={mock.url} queryClient={newQueryClient()} persist={persist} />);
  await screen.findByText(/^pentests: /, {}, { timeout: 15_000 });
  await unmount();
}

describe('persistence across a remount', () => {
  let mock: MockBin;
  afterEach(() => mock.stop());

  it('reuses the token kept in AsyncStorage: one /v1/auth for two mounts', async () => {
    mock = await startMockBin();
    await session(mock, asyncStoragePersist);
    await session(mock, asyncStoragePersist);
    expect(mock.authCalls()).toBe(1);
    expect(mock.graphqlCalls()).toEqual([
      { status: 200, tag: 'us#1' },
      { status: 200, tag: 'us#1' },
    ]);
  });

  it('keeps a token of a real size (over 2048 bytes) in SecureStore in parts: one /v1/auth for two mounts', async () => {
    mock = await startMockBin(['--token-scope', '3000']);
    await session(mock, sessionPersistence({ storage: secureStoreStorage(SecureStore) }));
    expect([...mockKeychain.keys()]).toEqual(expect.arrayContaining(['graphql-jwt-auth', 'graphql-jwt-auth.0', 'graphql-jwt-auth.1']));
    await session(mock, sessionPersistence({ storage: secureStoreStorage(SecureStore) }));
    expect(mock.authCalls()).toBe(1);
    expect(mock.graphqlCalls()).toEqual([
      { status: 200, tag: 'us#1' },
      { status: 200, tag: 'us#1' },
    ]);
  });
});
