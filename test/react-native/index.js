// The app `expo export` bundles (npm run export): the same App the tests render, registered as Expo's root.
import { registerRootComponent } from 'expo';
import { Root } from './support/root';

registerRootComponent(Root);
