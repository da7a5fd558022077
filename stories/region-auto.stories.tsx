import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PentestList } from './app/PentestList.tsx';
import { AccountBadge } from './app/AccountBadge.tsx';
import { firstPentestLine } from './app/demo-data.ts';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, STEP_TIMEOUT_MS } from './demo/play.ts';
import { autoRegion } from '../src/index.js';

const meta = {
  title: 'Demos/13 Region discovery',
  // The demo key is an eu key: us answers 401 to it.
  parameters: { demo: { regions: ['us', 'eu'], keysByRegion: { us: ['a-us-key'] } } },
} satisfies Meta;
export default meta;

export const RegionAuto: StoryObj = {
  name: 'Region "auto"',
  render: renderDemo(
    {
      title: 'Region discovery',
      description:
        "region={autoRegion()}: the provider asks each region's /v1/auth in order, as the service's own CLI falls back from us to eu, and keeps the first that accepts the key. us refuses this key, eu accepts it: from then on, tokens and queries go to eu only.",
      region: autoRegion(),
    },
    <>
      <AccountBadge />
      <PentestList pageSize={3} />
    </>,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Signed in as Dana Demo (eu)', {}, { timeout: STEP_TIMEOUT_MS });
    await canvas.findByText(firstPentestLine('eu'));

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(authRows(rows).map((row) => `${row.region} ${String(row.status)}`)).toEqual(['us 401', 'eu 200']);
      await expect(rows.filter((row) => row.kind === 'graphql' && row.status === 200)).toHaveLength(2);
    });
    await expect(calls.filter((row) => row.kind === 'graphql').map((row) => row.region)).toEqual(['eu', 'eu']);
    await expect(canvas.getByTestId('auth-region').textContent).toBe('eu');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
