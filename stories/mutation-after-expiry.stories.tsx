import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { firstRunningPentest } from './app/demo-data.ts';
import { PentestList } from './app/PentestList.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, operationRows, STEP_TIMEOUT_MS } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const meta = { title: 'Demos/8 Mutation after expiry' } satisfies Meta;
export default meta;

export const MutationAfterExpiry: StoryObj = {
  render: renderDemo(
    {
      title: 'Mutation after expiry',
      description:
        'The token has expired when the mutation is sent. The gateway rejects it before it runs, the library re-authenticates and sends it again: the pentest is paused exactly once.',
    },
    <PentestList actions />,
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });

    await userEvent.click(canvas.getByRole('button', { name: 'Expire issued tokens now' }));
    const running = firstRunningPentest('us');
    await userEvent.click(canvas.getByRole('button', { name: `Pause ${running.name}` }));
    await canvas.findByText(`Paused “${running.name}”`, {}, { timeout: STEP_TIMEOUT_MS });
    await within(list).findByText(`${running.name} · paused`, {}, { timeout: STEP_TIMEOUT_MS });

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(operationRows(rows, 'DemoPentests').filter((row) => row.token === 'us#2' && row.status === 200)).toHaveLength(1);
    });
    await expect(operationRows(calls, 'DemoPauseOp').map((row) => [row.token, row.status, row.expired, row.retried])).toEqual([
      ['us#1', 401, true, false],
      ['us#2', 200, false, true],
    ]);
    await expect(authRows(calls)).toHaveLength(2);
    await expect(demoOf({ loaded }).service('us').appliedMutations).toBe(1);
  },
};
