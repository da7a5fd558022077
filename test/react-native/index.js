// The app `npm run export` bundles: docs/react-native.md's quick start, registered as Expo's root.
import { registerRootComponent } from 'expo';
import App from './App';

registerRootComponent(App);
