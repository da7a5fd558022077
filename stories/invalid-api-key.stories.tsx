import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PentestList } from './app/PentestList.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, STEP_TIMEOUT_MS } from './demo/play.ts';
import { DEMO_API_KEY, demoOf } from './demo/services.ts';

const meta = { title: 'Demos/5 Invalid API key' } satisfies Meta;
export default meta;

const WRONG_KEY = 'not-a-valid-key';

export const InvalidApiKey: StoryObj = {
  render: renderDemo(
    {
      title: 'Invalid API key',
      description: `The provider starts with a key the service does not know: one 401, a clear InvalidApiKeyError, and no retries. Enter ${DEMO_API_KEY} to recover.`,
      apiKey: WRONG_KEY,
      keyForm: true,
    },
    <PentestList pageSize={3} />,
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: STEP_TIMEOUT_MS });
    await expect(alert.textContent).toMatch(/^InvalidApiKeyError: /);
    await expect(canvas.getByTestId('auth-status').textContent).toBe('error');
    await expect(canvas.getByTestId('auth-error').textContent).toMatch(/^InvalidApiKeyError: /);
    const refused = await logSettles(canvasElement, async (rows) => {
      await expect(rows.map((row) => `${row.kind} ${String(row.status)}`)).toEqual(['auth 401']);
    });
    await expect(refused).toHaveLength(1);

    await userEvent.type(canvas.getByLabelText('API key'), DEMO_API_KEY);
    await userEvent.click(canvas.getByRole('button', { name: 'Use this key' }));
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });
    await waitFor(async () => {
      await expect(canvas.getByTestId('auth-status').textContent).toBe('authenticated');
    });
    await expect(canvas.queryByRole('alert')).toBeNull();

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(rows.filter((row) => row.kind === 'graphql')).toHaveLength(1);
    });
    await expect(authRows(calls).map((row) => row.status)).toEqual([401, 200]);
    await expect(calls.filter((row) => row.kind === 'graphql').map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1']);
    // The rejected key went only into the body of the auth request.
    const service = demoOf({ loaded }).service('us');
    const elsewhere = service.graphqlCalls.filter((call) => JSON.stringify(call).includes(WRONG_KEY));
    await expect(elsewhere).toEqual([]);
    await expect(service.authCalls[0]?.body).toBe(JSON.stringify({ key: WRONG_KEY }));
  },
};
