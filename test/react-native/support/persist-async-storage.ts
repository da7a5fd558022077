import AsyncStorage from '@react-native-async-storage/async-storage';
import { sessionPersistence } from 'graphql-jwt-auth-react';

// AsyncStorage is not encrypted (a file in the app's sandbox, in its backups): fine for a token
// that lives an hour if that is acceptable to you; SecureStore keeps it in the keychain.
export const persist = sessionPersistence({ storage: AsyncStorage });
