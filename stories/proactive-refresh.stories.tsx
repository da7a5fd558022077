import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { decodeJwt } from '../src/testing/jwt.ts';
import { PentestList } from './app/PentestList.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, expectNoFailedGraphQL, renewalSettles, shownToken, STEP_TIMEOUT_MS } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const meta = { title: 'Demos/2 Proactive refresh', parameters: { demo: { tokenLifetimeSec: 20 } } } satisfies Meta;
export default meta;

export const ProactiveRefresh: StoryObj = {
  render: renderDemo(
    {
      title: 'Proactive refresh',
      description:
        'Tokens live 20 s. The library renews at expiry − min(60 s, lifetime / 2), so about 10 s in, before the token runs out: the list refetching every second never sees an expired token.',
    },
    <PentestList pageSize={3} refetchIntervalMs={1000} />,
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });
    await waitFor(async () => {
      await expect(shownToken(canvasElement, canvas.getByTestId('auth-token'))).toBe('us#1');
    });

    // The renewal: a second /v1/auth about 10 s in, then the refetches carry the new token.
    const calls = await renewalSettles(canvasElement);
    await expect(authRows(calls).map((row) => row.status)).toEqual([200, 200]);
    await expectNoFailedGraphQL(calls);
    await expect(calls.some((row) => row.retried)).toBe(false);
    await waitFor(async () => {
      await expect(shownToken(canvasElement, canvas.getByTestId('auth-token'))).toBe('us#2');
    });

    // Renewed before the first token's exp, by the service's own records.
    const service = demoOf({ loaded }).service('us');
    const firstExp = decodeJwt(service.issuedTokens[0] ?? '')?.exp;
    await expect(typeof firstExp).toBe('number');
    await expect(service.authCalls[1]?.time).toBeLessThan(Number(firstExp) * 1000);
  },
};
