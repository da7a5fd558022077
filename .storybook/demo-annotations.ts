import type { Preview } from '@storybook/react-vite';
import { DemoServices } from '../stories/demo/services.ts';

/**
 * The part of the preview shared by Storybook and the story tests: fresh mock services per story
 * (from `parameters.demo`), reached through MSW. The MSW loader itself differs (browser worker vs
 * msw/node), so it is added by preview.tsx and by the test set-up.
 */
export const demoAnnotations = {
  loaders: [
    (context) => ({ demo: new DemoServices(context.parameters.demo as ConstructorParameters<typeof DemoServices>[0]) }),
  ],
  beforeEach(context) {
    const demo = context.loaded.demo as DemoServices;
    context.msw.use(...demo.handlers());
  },
  parameters: { layout: 'padded' },
} satisfies Preview;
