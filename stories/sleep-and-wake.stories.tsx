import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { announceVisible, DemoClock } from './app/clock.ts';
import { PentestList } from './app/PentestList.tsx';
import { DemoFrame } from './demo/DemoFrame.tsx';
import { authRows, expectNoFailedGraphQL, logSettles, operationRows, STEP_TIMEOUT_MS } from './demo/play.ts';
import { type DemoServices, demoOf } from './demo/services.ts';

const meta = { title: 'Demos/11 Sleep and wake' } satisfies Meta;
export default meta;

function SleepAndWake({ demo }: { demo: DemoServices }) {
  const [clock] = useState(() => new DemoClock());
  return (
    <DemoFrame
      demo={demo}
      clock={clock.now}
      refetchOnWindowFocus
      title="Sleep and wake"
      description="Timers do not run while a laptop sleeps. “Sleep for an hour” moves the app's clock an hour on and has the service expire its tokens, then the tab becomes visible again: the token is renewed at once, before React Query's refetch on focus sends anything. No request meets an expired token."
    >
      <button
        type="button"
        onClick={() => {
          clock.advance(60 * 60_000);
          for (const service of demo.services) service.expireTokensNow();
          announceVisible();
        }}
      >
        Sleep for an hour, then wake
      </button>
      <PentestList pageSize={3} />
    </DemoFrame>
  );
}

export const SleepAndWakeStory: StoryObj = {
  name: 'Sleep and wake',
  render: (_args, context) => <SleepAndWake demo={demoOf(context)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });

    await userEvent.click(canvas.getByRole('button', { name: 'Sleep for an hour, then wake' }));

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(authRows(rows).map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1', '200 us#2']);
      await expect(operationRows(rows, 'DemoPentests').map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1', '200 us#2']);
    });
    // The log is in arrival order: the renewal came before the refetch, which never met the old token.
    const [renewal, refetch] = [authRows(calls)[1], operationRows(calls, 'DemoPentests')[1]];
    await expect(renewal && refetch && calls.indexOf(renewal) < calls.indexOf(refetch)).toBe(true);
    await expectNoFailedGraphQL(calls);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
