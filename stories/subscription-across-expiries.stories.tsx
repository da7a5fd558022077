import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { graphqlSubscriptions } from '../src/index.js';
import { firstRunningPentest } from './app/demo-data.ts';
import { LiveStateFeed } from './app/LiveStateFeed.tsx';
import { renderDemo } from './demo/render-demo.tsx';
import { authRows, logSettles, STEP_TIMEOUT_MS } from './demo/play.ts';
import { demoOf } from './demo/services.ts';

const TOKEN_LIFETIME_SEC = 4;
const meta = { title: 'Demos/17 Subscription across expiries', parameters: { demo: { tokenLifetimeSec: TOKEN_LIFETIME_SEC } } } satisfies Meta;
export default meta;

const EVENT_INTERVAL_MS = 200;
/** Two moves to a new token, each due a couple of seconds after the last: well inside a step's bound per move. */
const MOVES = 2;

export const SubscriptionAcrossExpiries: StoryObj = {
  render: renderDemo(
    {
      title: 'Subscription across expiries',
      description: `A pentest’s state changes over graphql-sse, published five times a second, on ${String(TOKEN_LIFETIME_SEC)}-second tokens: the service ends a stream when its token expires. Before that, the subscription moves to a stream with the next token (make-before-break): every event arrives once, by seq, with no gap. “Expire issued tokens now” ends the stream for its token instead: renewed once and subscribed again, with the events published meanwhile missed (a gap).`,
      provider: { subscriptions: graphqlSubscriptions({ transport: 'sse', load: () => import('graphql-sse') }) },
    },
    <LiveStateFeed opId={firstRunningPentest().op_id} eventIntervalMs={EVENT_INTERVAL_MS} />,
  ),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const service = demoOf({ loaded }).service();
    const count = () => Number(canvas.getByTestId('event-count').textContent);
    const seqs = () => canvas.getByTestId('event-seqs').textContent.split(' ').filter(Boolean).map(Number);
    await waitFor(() => expect(count()).toBeGreaterThan(0), { timeout: STEP_TIMEOUT_MS });

    // Each move: the next token, then events keep coming on the new stream.
    for (let move = 1; move <= MOVES; move += 1) {
      await waitFor(() => expect(Number(canvas.getByTestId('move-count').textContent)).toBeGreaterThanOrEqual(move), { timeout: STEP_TIMEOUT_MS });
      const before = count();
      await waitFor(() => expect(count()).toBeGreaterThan(before + 2), { timeout: STEP_TIMEOUT_MS });
    }

    // Every event from the first on, once each, in order, across the moves.
    const received = seqs();
    await expect(received).toEqual(Array.from({ length: received.length }, (_, index) => (received[0] ?? 0) + index));
    await expect(canvas.getByTestId('event-gaps').textContent).toBe('none');
    await expect(canvas.getByTestId('event-repeats').textContent).toBe('none');
    await expect(canvas.getByTestId('subscription-status').textContent).toBe('receiving');
    // Each move was made ahead of the expiry, on a token of its own: one /v1/auth per token, all answered.
    for (const move of canvas.getAllByRole('listitem').filter((item) => item.closest('[aria-label="Moves"]') !== null)) {
      await expect(move.textContent).toMatch(/\(expiring\)$/);
    }
    await logSettles(canvasElement, async (calls) => {
      const moves = Number(canvas.getByTestId('move-count').textContent);
      await expect(authRows(calls).map((row) => row.status)).toEqual(Array.from({ length: moves + 1 }, () => 200));
    });
    // The service's side: one stream per token, each with the subscription on it, none refused.
    const tags = service.subscriptionConnections.map((connection) => connection.tokenTag);
    await expect(new Set(tags).size).toBe(tags.length);
    await expect(service.subscriptionConnections.every((connection) => connection.state !== 'expired' && connection.state !== 'refused')).toBe(true);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
