import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { demoAnnotations } from './demo-annotations.ts';

const preview: Preview = {
  ...demoAnnotations,
  // mswLoader starts the service worker once and resets its handlers before each story.
  loaders: [mswLoader(), ...demoAnnotations.loaders],
  parameters: {
    ...demoAnnotations.parameters,
    // The flagship demo first, then the behaviour demos by number (numeric: 2 before 10).
    options: { storySort: { method: 'alphabetical', order: ['Pentest dashboard', 'Demos'] } },
  },
};

export default preview;
