import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PentestList } from './app/PentestList.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { expectNoFailedGraphQL, renewalSettles, STEP_TIMEOUT_MS } from './demo/play.ts';

const meta = { title: 'Demos/15 Clock skew', parameters: { demo: { tokenLifetimeSec: 20 } } } satisfies Meta;
export default meta;

const THREE_HOURS = 3 * 60 * 60_000;

export const ClockSkew: StoryObj = {
  render: renderDemo(
    {
      title: 'Clock skew',
      description:
        "This app's clock is 3 hours behind the service's. Read against our clock, the token's exp would lie 3 hours away and it would be used long after it died. The library estimates the offset from the token's iat (as Amplify does), so the 20-second token is still renewed about 10 s in, on the service's time: no expired answer.",
      clock: () => Date.now() - THREE_HOURS,
    },
    <PentestList pageSize={3} refetchIntervalMs={1000} />,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });
    // The panel counts down by the app's own (skewed) clock: about 20 s, not 3 hours.
    await expect(Number.parseFloat(canvas.getByTestId('auth-expiry').textContent)).toBeLessThan(21);

    const calls = await renewalSettles(canvasElement);
    await expectNoFailedGraphQL(calls);
  },
};
