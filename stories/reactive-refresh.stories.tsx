import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PentestList } from './app/PentestList.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, operationRows, shownToken, STEP_TIMEOUT_MS } from './demo/play.ts';

const meta = { title: 'Demos/3 Reactive refresh' } satisfies Meta;
export default meta;

export const ReactiveRefresh: StoryObj = {
  render: renderDemo(
    {
      title: 'Reactive refresh',
      description:
        'The service declares the token expired long before its exp (press “Expire issued tokens now”, then Refetch). The query gets the expired answer, re-authenticates once and retries: the UI never shows an error.',
    },
    <PentestList pageSize={3} />,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });

    await userEvent.click(canvas.getByRole('button', { name: 'Expire issued tokens now' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Refetch' }));

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(operationRows(rows, 'DemoPentests').map((row) => [row.token, row.status, row.expired, row.retried])).toEqual([
        ['us#1', 200, false, false],
        ['us#1', 401, true, false],
        ['us#2', 200, false, true],
      ]);
    });
    await expect(authRows(calls).map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1', '200 us#2']);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(shownToken(canvasElement, canvas.getByTestId('auth-token'))).toBe('us#2');
    await expect(canvas.getByRole('list', { name: 'Pentests' }).children).toHaveLength(3);
  },
};
