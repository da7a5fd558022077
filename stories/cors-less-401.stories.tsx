import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { DemoClock } from './app/clock.ts';
import { PentestList } from './app/PentestList.tsx';
import { DemoFrame } from './demo/DemoFrame.tsx';
import { authRows, logSettles, operationRows, shownToken, STEP_TIMEOUT_MS } from './demo/play.ts';
import { type DemoServices, demoOf } from './demo/services.ts';

const meta = {
  title: 'Demos/14 CORS-less 401',
  // Two-hour tokens: the exp says "still valid", but the gateway keeps to the documented hour.
  parameters: { demo: { tokenLifetimeSec: 7200, corsLessExpiry: true } },
} satisfies Meta;
export default meta;

function CorsLess401({ demo }: { demo: DemoServices }) {
  const [clock] = useState(() => new DemoClock());
  return (
    <DemoFrame
      demo={demo}
      clock={clock.now}
      provider={{ renewOnWake: false }}
      title="CORS-less 401"
      description="The gateway's expired answer carries no CORS headers, so the browser hands the app a network error, not the body. Once the token is older than the documented hour by our clock, the library takes such a failure for the expired answer it probably is: one re-auth, one retry, no error on screen (never for a mutation, which a dropped connection may have applied)."
    >
      <button
        type="button"
        onClick={() => {
          clock.advance(61 * 60_000);
          for (const service of demo.services) service.expireTokensNow();
        }}
      >
        Let 61 minutes pass
      </button>
      <PentestList pageSize={3} />
    </DemoFrame>
  );
}

export const CorsLess401Story: StoryObj = {
  name: 'CORS-less 401',
  render: (_args, context) => <CorsLess401 demo={demoOf(context)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });

    await userEvent.click(canvas.getByRole('button', { name: 'Let 61 minutes pass' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Refetch' }));

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(operationRows(rows, 'DemoPentests').map((row) => [row.token, row.status, row.expired])).toEqual([
        ['us#1', 200, false],
        ['us#1', 401, true], // what the service answered; the page saw a network error
        ['us#2', 200, false],
      ]);
    });
    await expect(authRows(calls)).toHaveLength(2);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(shownToken(canvasElement, canvas.getByTestId('auth-token'))).toBe('us#2');
  },
};
