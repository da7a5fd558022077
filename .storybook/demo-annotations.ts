import type { Preview } from '@storybook/react-vite';
import { type DemoConfig, DemoServices, demoOf } from '../stories/demo/services.ts';

function demoConfig(parameter: unknown): DemoConfig {
  if (parameter === undefined) return {};
  if (typeof parameter !== 'object' || parameter === null) {
    throw new TypeError(
      `parameters.demo must be an object ({ regions?, tokenLifetimeSec?, retryDelayMs?, keysByRegion?, corsLessExpiry? }), got ${typeof parameter}`,
    );
  }
  return parameter;
}

/**
 * The part of the preview shared by Storybook and the story tests: fresh mock services per story
 * (from `parameters.demo`), reached through MSW. The MSW loader itself differs (browser worker vs
 * msw/node), so it is added by preview.tsx and by the test set-up.
 */
export const demoAnnotations = {
  loaders: [(context) => ({ demo: new DemoServices(demoConfig(context.parameters.demo)) })],
  async beforeEach(context) {
    context.msw.use(...(await demoOf(context).handlers()));
  },
  parameters: { layout: 'padded' },
} satisfies Preview;
