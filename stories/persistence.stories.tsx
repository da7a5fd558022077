import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PentestList } from './app/PentestList.tsx';
import { DemoFrame } from './demo/DemoFrame.tsx';
import { authRows, logSettles, operationRows, shownToken, STEP_TIMEOUT_MS } from './demo/play.ts';
import { type DemoServices, demoOf } from './demo/services.ts';
import { sessionPersistence } from '../src/index.js';

const meta = { title: 'Demos/12 Persistence' } satisfies Meta;
export default meta;

function Persistence({ demo }: { demo: DemoServices }) {
  // A key of this story's own: a token kept by an earlier visit was signed by another demo service.
  const [key] = useState(() => `demo-${crypto.randomUUID()}`);
  const [loads, setLoads] = useState(1);
  return (
    <DemoFrame
      key={loads}
      demo={demo}
      provider={{ persist: sessionPersistence({ key }) }}
      title="Persistence"
      description="persist keeps the token and its expiry (never the API key) in sessionStorage. “Reload” throws the whole app away and mounts it again, as a page reload does: the new provider reads the stored token and makes no /v1/auth call while it is valid."
    >
      <button
        type="button"
        onClick={() => {
          setLoads(loads + 1);
        }}
      >
        Reload
      </button>
      <p data-testid="loads">{`Page load ${String(loads)}`}</p>
      <PentestList pageSize={3} />
    </DemoFrame>
  );
}

export const PersistenceStory: StoryObj = {
  name: 'Persistence',
  render: (_args, context) => <Persistence demo={demoOf(context)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });

    await userEvent.click(canvas.getByRole('button', { name: 'Reload' }));
    await waitFor(async () => {
      await expect(canvas.getByTestId('loads').textContent).toBe('Page load 2');
    });
    await canvas.findByRole('list', { name: 'Pentests' }, { timeout: STEP_TIMEOUT_MS });

    const calls = await logSettles(canvasElement, async (rows) => {
      await expect(operationRows(rows, 'DemoPentests').map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1', '200 us#1']);
    });
    await expect(authRows(calls)).toHaveLength(1);
    await expect(shownToken(canvasElement, canvas.getByTestId('auth-token'))).toBe('us#1');
  },
};
