import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AddItemForm } from './app/AddItemForm.tsx';
import { ItemList } from './app/ItemList.tsx';
import { ViewerBadge } from './app/ViewerBadge.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const meta = { title: 'Demos/1 Happy path' } satisfies Meta;
export default meta;

export const HappyPath: StoryObj = {
  render: renderDemo(
    {
      title: 'Happy path',
      description: 'One provider, two queries and a mutation. One /v1/auth call serves them all; nothing fails.',
    },
    <>
      <ViewerBadge />
      <ItemList />
      <AddItemForm />
    </>,
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Signed in as Viewer (us)', {}, { timeout: 5000 });
    const list = await canvas.findByRole('list', { name: 'Items' });
    await expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '☐ us item 1',
      '☑ us item 2',
      '☐ us item 3',
      '☑ us item 4',
      '☐ us item 5',
    ]);

    await userEvent.type(canvas.getByLabelText('New item'), 'Buy milk');
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await canvas.findByText('Added “Buy milk”');
    await within(list).findByText('☐ Buy milk', {}, { timeout: 5000 });

    // The mutation invalidated both queries: each ran twice, on the one token.
    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(rows.filter((row) => row.kind === 'graphql' && row.status === 200)).toHaveLength(5);
    });
    await expect(authRows(calls).map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1']);
    await expect(calls.filter((row) => row.kind === 'graphql').map((row) => row.operation).sort()).toEqual([
      'DemoAddItem',
      'DemoItems',
      'DemoItems',
      'DemoViewer',
      'DemoViewer',
    ]);
    await expect(calls.every((row) => row.token === 'us#1' && !row.retried && !row.expired)).toBe(true);
    await expect(canvas.getByTestId('auth-status').textContent).toBe('authenticated');
    await expect(demoOf({ loaded }).service('us').appliedMutations).toBe(1);
  },
};
