import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { PentestList } from './app/PentestList.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, STEP_TIMEOUT_MS } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const meta = { title: 'Demos/6 Auth server down', parameters: { demo: { retryDelayMs: 600 } } } satisfies Meta;
export default meta;

export const AuthServerDown: StoryObj = {
  beforeEach: ({ loaded }) => {
    demoOf({ loaded }).service('us').queueAuthFailures(503, 503, 503);
  },
  render: renderDemo(
    {
      title: 'Auth server down',
      description:
        '/v1/auth answers 503 three times. AuthServerError is transient, so React Query retries the query: at least 600 ms apart here, and never before the client asks /v1/auth again (its backoff: a random wait of up to 1 s, then 2 s, then 4 s, so that clients do not retry in lockstep). The fourth attempt gets a token and the list loads.',
    },
    <PentestList pageSize={3} />,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(async () => {
      await expect(canvas.getByTestId('auth-error').textContent).toMatch(/^AuthServerError: /);
    });
    // The three backoffs add up to 7 s at most, and a loaded machine adds its own delay to each step.
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: 7_000 + STEP_TIMEOUT_MS });
    await waitFor(async () => {
      await expect(canvas.getByTestId('auth-status').textContent).toBe('authenticated');
    });

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(rows.filter((row) => row.kind === 'graphql' && row.status === 200)).toHaveLength(1);
    });
    await expect(authRows(calls).map((row) => [row.status, row.retried])).toEqual([
      [503, false],
      [503, true],
      [503, true],
      [200, true],
    ]);
    await expect(calls.filter((row) => row.kind === 'graphql').map((row) => row.token)).toEqual(['us#1']);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
