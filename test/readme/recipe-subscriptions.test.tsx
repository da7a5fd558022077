// docs/live-data.md's "Subscriptions in React" example, run against the demo mock on 127.0.0.1 (over
// graphql-sse here: the example's App names graphql-ws, which jsdom's mixed globals cannot carry in every
// run): the subscription writes each new state into the pentest query's entry, and the streamed query
// folds the states in order.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { graphqlSubscriptions } from 'graphql-jwt-auth-react';
import { pentestTopic } from '../../mock-service/index.ts';
import { startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';
import { LivePentest, StateHistory } from './recipe-subscriptions.js';

describe('the subscriptions recipe', () => {
  it('shows the pentest with each state the subscription brings, and the streamed history', async () => {
    const running = await startService();
    const pentest = running.service.demo.store('us').pentests.find((candidate) => candidate.state === 'running');
    if (pentest === undefined) throw new Error('the demo data has a running pentest');
    renderWithAuth(
      <>
        <LivePentest opId={pentest.op_id} />
        <StateHistory opId={pentest.op_id} />
      </>,
      running,
      { subscriptions: graphqlSubscriptions({ transport: 'sse', load: () => import('graphql-sse') }) },
    );
    await screen.findByText(`${pentest.name}: running (pending)`);
    expect(screen.getByText('Waiting for the first change…')).toBeDefined();
    // Both subscriptions listened for on the server: the hook's and the query's.
    await waitFor(() => {
      expect(running.service.subscriptionConnections.filter((connection) => connection.state === 'open' && connection.subscriptions > 0)).toHaveLength(2);
    });

    const topic = pentestTopic('pentestStateChanged', pentest.op_id);
    pentest.state = 'paused';
    running.service.publish(topic);
    await screen.findByText(`${pentest.name}: paused (receiving)`);
    pentest.state = 'done';
    running.service.publish(topic);
    await screen.findByText(`${pentest.name}: done (receiving)`);
    await screen.findByText('paused → done');
    // The state came by the subscription: the pentest query was sent once.
    expect(running.service.graphqlCalls.filter((call) => call.operationName === 'Pentest')).toHaveLength(1);
  });
});
