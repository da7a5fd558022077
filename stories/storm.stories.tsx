import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { STORM_SIZE, StormGrid } from './app/StormGrid.tsx';
import { AccountBadge } from './app/AccountBadge.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, operationRows, STEP_TIMEOUT_MS } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const meta = { title: 'Demos/4 Storm' } satisfies Meta;
export default meta;

export const Storm: StoryObj = {
  render: renderDemo(
    {
      title: 'Storm',
      description: `The token dies (server side), then ${String(STORM_SIZE)} different queries fire at once. Every one gets the expired answer, yet the log shows exactly one new /v1/auth: the re-authentication is shared, and each query is retried once.`,
    },
    <>
      <AccountBadge />
      <StormGrid />
    </>,
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Signed in as Dana Demo (us)', {}, { timeout: STEP_TIMEOUT_MS });
    await logSettles(canvasElement, async (rows) => {
      await expect(authRows(rows)).toHaveLength(1);
    });

    await userEvent.click(canvas.getByRole('button', { name: 'Expire issued tokens now' }));
    await userEvent.click(canvas.getByRole('button', { name: `Fire ${String(STORM_SIZE)} queries` }));
    await waitFor(
      async () => {
        const cells = canvas.getAllByTestId('storm-cell');
        await expect(cells.filter((cell) => cell.dataset.state === 'done')).toHaveLength(STORM_SIZE);
      },
      { timeout: 10_000 },
    );

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(operationRows(rows, 'DemoPentests').filter((row) => row.status === 200)).toHaveLength(STORM_SIZE);
    });
    // One /v1/auth for the whole storm.
    await expect(authRows(calls).map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1', '200 us#2']);
    const storm = operationRows(calls, 'DemoPentests');
    await expect(storm.filter((row) => row.expired && row.token === 'us#1')).toHaveLength(STORM_SIZE);
    await expect(storm.filter((row) => row.retried && row.token === 'us#2' && row.status === 200)).toHaveLength(STORM_SIZE);
    await expect(storm).toHaveLength(2 * STORM_SIZE);
    await expect(demoOf({ loaded }).service('us').authCalls).toHaveLength(2);
  },
};
