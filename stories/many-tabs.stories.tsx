import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AuthProvider, useAuth } from '../src/index.js';
import { PentestList } from './app/PentestList.tsx';
import { DemoFrame } from './demo/DemoFrame.tsx';
import { useDemoServices } from './demo/demo-context.ts';
import { tokenLabel } from './demo/log.ts';
import { authRows, logSettles, shownToken, STEP_TIMEOUT_MS } from './demo/play.ts';
import { DEMO_API_KEY, type DemoServices, demoOf } from './demo/services.ts';
import { tabSync } from '../src/index.js';

const meta = { title: 'Demos/10 Many tabs', parameters: { demo: { tokenLifetimeSec: 8 } } } satisfies Meta;
export default meta;

function TabStatus({ tab }: { tab: string }) {
  const { status, token, signOut } = useAuth();
  return (
    <p>
      <span data-testid={`${tab}-status`}>{status}</span> · <span data-testid={`${tab}-token`}>{tokenLabel(token)}</span>{' '}
      <button type="button" onClick={signOut}>
        Sign out in {tab}
      </button>
    </p>
  );
}

/** Another tab of the same app: its own QueryClient and provider, the same channel name. */
function OtherTab({ tab, channel }: { tab: string; channel: string }) {
  const demo = useDemoServices();
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));
  return (
    <section className="card" aria-label={tab}>
      <h2>{tab}</h2>
      <QueryClientProvider client={queryClient}>
        <AuthProvider apiKey={DEMO_API_KEY} region="us" regions={demo.regions} tabSync={tabSync(channel)}>
          <TabStatus tab={tab} />
          <PentestList pageSize={1} refetchIntervalMs={1000} />
        </AuthProvider>
      </QueryClientProvider>
    </section>
  );
}

function ManyTabs({ demo }: { demo: DemoServices }) {
  const [channel] = useState(() => `demo-tabs-${crypto.randomUUID()}`);
  return (
    <DemoFrame
      demo={demo}
      provider={{ tabSync: tabSync(channel) }}
      title="Many tabs, one refresh"
      description="Three clients stand for three tabs of one app (the Chromium test opens real tabs). They share one token through a BroadcastChannel; when it is due, one of them calls /v1/auth under a Web Lock and the others receive its token: one call per renewal, however many tabs. Signing out in one tab signs out all of them."
    >
      <section className="card" aria-label="tab 1">
        <h2>tab 1 (token panel on the right)</h2>
        <TabStatus tab="tab 1" />
        <PentestList pageSize={1} refetchIntervalMs={1000} />
      </section>
      <OtherTab tab="tab 2" channel={channel} />
      <OtherTab tab="tab 3" channel={channel} />
    </DemoFrame>
  );
}

const TABS = ['tab 1', 'tab 2', 'tab 3'];

export const ManyTabsStory: StoryObj = {
  name: 'Many tabs',
  render: (_args, context) => <ManyTabs demo={demoOf(context)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tokens = () => TABS.map((tab) => shownToken(canvasElement, canvas.getByTestId(`${tab}-token`)));

    // Opening together: one /v1/auth call, every tab holds its token.
    await waitFor(
      async () => {
        await expect(tokens()).toEqual(['us#1', 'us#1', 'us#1']);
      },
      { timeout: STEP_TIMEOUT_MS },
    );
    // The renewal, about 3.5 s in: still one call for the three tabs.
    await waitFor(
      async () => {
        await expect(tokens()).toEqual(['us#2', 'us#2', 'us#2']);
      },
      { timeout: 10_000 },
    );
    await logSettles(canvasElement, async (rows) => {
      await expect(authRows(rows).map((row) => `${String(row.status)} ${row.token}`)).toEqual(['200 us#1', '200 us#2']);
    });

    await userEvent.click(canvas.getByRole('button', { name: 'Sign out in tab 2' }));
    await waitFor(async () => {
      await expect(TABS.map((tab) => canvas.getByTestId(`${tab}-status`).textContent)).toEqual(['signedOut', 'signedOut', 'signedOut']);
    });
  },
};
