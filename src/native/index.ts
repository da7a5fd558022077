// graphql-jwt-auth-react/native: what a React Native app passes in where the web has a page. Both
// take the app's own module (AppState, SecureStore) as an argument, so the library never imports
// react-native or an Expo package: no peer dependency, no second build of every entry, and the same
// code under Metro, jest and any bundler, whatever export conditions they resolve.
export { appStateWake, type AppStateLike } from './app-state-wake.js';
export { secureStoreStorage, type SecureStoreLike, type SecureStoreStorageOptions } from './secure-store.js';
