import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { firstPentestLines, firstRunningPentest } from './app/demo-data.ts';
import { PentestList } from './app/PentestList.tsx';
import { AccountBadge } from './app/AccountBadge.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, STEP_TIMEOUT_MS } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const meta = { title: 'Demos/1 Happy path' } satisfies Meta;
export default meta;

export const HappyPath: StoryObj = {
  render: renderDemo(
    {
      title: 'Happy path',
      description: 'One provider, two queries and a mutation (pause a running pentest). One /v1/auth call serves them all; nothing fails.',
    },
    <>
      <AccountBadge />
      <PentestList actions />
    </>,
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Signed in as Dana Demo (us)', {}, { timeout: STEP_TIMEOUT_MS });
    const list = await canvas.findByRole('list', { name: 'Pentests' });
    await expect(
      within(list)
        .getAllByTestId('pentest')
        .map((row) => row.textContent),
    ).toEqual(firstPentestLines('us'));
    const running = firstRunningPentest('us');
    await userEvent.click(canvas.getByRole('button', { name: `Pause ${running.name}` }));
    await canvas.findByText(`Paused “${running.name}”`, {}, { timeout: STEP_TIMEOUT_MS });
    await within(list).findByText(`${running.name} · paused`, {}, { timeout: STEP_TIMEOUT_MS });
    // The mutation invalidated both queries: each ran twice, on the one token.
    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(rows.filter((row) => row.kind === 'graphql' && row.status === 200)).toHaveLength(5);
    });
    await expect(authRows(calls).map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1']);
    await expect(
      calls
        .filter((row) => row.kind === 'graphql')
        .map((row) => row.operation)
        .sort(),
    ).toEqual(['DemoAccount', 'DemoAccount', 'DemoPauseOp', 'DemoPentests', 'DemoPentests']);
    await expect(calls.every((row) => row.token === 'us#1' && !row.retried && !row.expired)).toBe(true);
    await expect(canvas.getByTestId('auth-status').textContent).toBe('authenticated');
    await expect(demoOf({ loaded }).service('us').appliedMutations).toBe(1);
  },
};
