import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SuspensePentests } from './app/SuspensePentests.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { logSettles, STEP_TIMEOUT_MS } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const meta = { title: 'Demos/9 Suspense' } satisfies Meta;
export default meta;

export const Suspense: StoryObj = {
  beforeEach: ({ loaded }) => {
    // Slow enough that a person sees the fallback.
    demoOf({ loaded }).service('us').authDelayMs = 800;
  },
  render: renderDemo(
    {
      title: 'Suspense',
      description:
        'useGraphQLSuspenseQuery suspends while the token is fetched (the auth server takes 800 ms here) and the query runs; the Suspense fallback shows meanwhile.',
    },
    <SuspensePentests />,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('suspense-fallback')).toBeTruthy();
    await expect(canvas.getByTestId('auth-status').textContent).toBe('authenticating');

    const list = await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });
    await expect(list.children).toHaveLength(5);
    await expect(canvas.queryByTestId('suspense-fallback')).toBeNull();
    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(rows.map((row) => `${row.operation} ${String(row.status)} ${row.token}`)).toEqual(['auth 200 us#1', 'DemoPentests 200 us#1']);
    });
    await expect(calls.some((row) => row.retried || row.expired)).toBe(false);
  },
};
