import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PentestList } from './app/PentestList.tsx';
import { AccountBadge } from './app/AccountBadge.tsx';
import { firstPentestLine } from './app/demo-data.ts';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, STEP_TIMEOUT_MS } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const meta = { title: 'Demos/7 Region switch', parameters: { demo: { regions: ['us', 'eu'] } } } satisfies Meta;
export default meta;

export const RegionSwitch: StoryObj = {
  render: renderDemo(
    {
      title: 'Region switch',
      description:
        'Two regions, two services with their own data and their own signing keys. Switching region is a new identity: a new token from that region, and no token ever reaches the wrong one.',
      regionSwitch: true,
    },
    <>
      <AccountBadge />
      <PentestList pageSize={3} />
    </>,
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Signed in as Dana Demo (us)', {}, { timeout: STEP_TIMEOUT_MS });
    await canvas.findByText(firstPentestLine('us'));

    await userEvent.click(canvas.getByRole('button', { name: 'eu' }));
    await canvas.findByText('Signed in as Dana Demo (eu)', {}, { timeout: STEP_TIMEOUT_MS });
    await canvas.findByText(firstPentestLine('eu'));
    await expect(canvas.queryByText(firstPentestLine('us'))).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'us' }));
    await canvas.findByText('Signed in as Dana Demo (us)', {}, { timeout: STEP_TIMEOUT_MS });

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(authRows(rows).map((row) => `${row.region} ${String(row.status)}`)).toEqual(['us 200', 'eu 200', 'us 200']);
      await expect(rows.filter((row) => row.kind === 'graphql' && row.region === 'us' && row.token === 'us#2')).not.toHaveLength(0);
    });
    const graphql = calls.filter((row) => row.kind === 'graphql');
    await expect(graphql.filter((row) => row.region === 'eu')).not.toHaveLength(0);
    // Every GraphQL call carried a token its own region issued.
    await expect(graphql.filter((row) => !row.token.startsWith(`${row.region}#`))).toEqual([]);
    await expect(graphql.every((row) => row.status === 200 || row.status === 0)).toBe(true);
    // The same check on the services' own records.
    for (const service of demoOf({ loaded }).services) {
      await expect(service.graphqlCalls.filter((call) => call.token === null || !service.issuedTokens.includes(call.token))).toEqual([]);
    }
  },
};
