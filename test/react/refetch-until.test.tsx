import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchUntil, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { PentestDocument, type PentestRow, runningOpId } from '../support/documents.js';
import { type Running, sleep, startService, waitUntil } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';

const ended = (data: { pentest: PentestRow | null }) => ['done', 'ended'].includes(data.pentest?.state ?? 'ended');

function PentestState({ opId, intervalMs, retry = 3 }: { opId: string; intervalMs: number; retry?: false | number }) {
  const { data, error, isFetching } = useGraphQLQuery(PentestDocument, { op_id: opId }, { ...refetchUntil({ until: ended, intervalMs }), retry });
  if (error) return <p role="alert">{error.message}</p>;
  return (
    <p aria-label="state" data-fetching={String(isFetching)}>
      {data?.pentest?.state ?? '…'}
    </p>
  );
}

function pentestOf(running: Running, opId: string) {
  const pentest = running.service.demo.store('us').pentests.find((candidate) => candidate.op_id === opId);
  if (pentest === undefined) throw new Error(`no pentest ${opId}`);
  return pentest;
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

const stateShown = () => screen.queryByLabelText('state')?.textContent;

describe('refetchUntil', () => {
  afterEach(() => {
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('refetches across an expiry until a terminal state, then stops', async () => {
    const running = await startService();
    const opId = runningOpId();
    renderWithAuth(<PentestState opId={opId} intervalMs={20} />, running);

    await waitUntil(() => stateShown() === 'running');
    running.service.expireTokensNow();
    pentestOf(running, opId).state = 'paused';
    await waitUntil(() => stateShown() === 'paused');
    pentestOf(running, opId).state = 'done';
    await waitUntil(() => stateShown() === 'done');
    const calls = running.service.graphqlCalls.length;

    // Many intervals later: no refetch after the terminal answer.
    await sleep(150);
    expect(running.service.graphqlCalls).toHaveLength(calls);
    expect(running.service.graphqlCalls.filter((call) => call.expired)).toHaveLength(1);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('refetches nothing while the page is hidden, and at once when it is shown', async () => {
    const running = await startService();
    const opId = runningOpId();
    renderWithAuth(<PentestState opId={opId} intervalMs={20} />, running);
    await waitUntil(() => stateShown() === 'running');

    setVisibility('hidden');
    // A refetch sent just before the page hid may still be on its way: the count starts once it is in.
    await waitUntil(() => screen.queryByLabelText('state')?.dataset.fetching === 'false');
    const calls = running.service.graphqlCalls.length;
    await sleep(150);
    expect(running.service.graphqlCalls).toHaveLength(calls);

    pentestOf(running, opId).state = 'ended';
    setVisibility('visible');
    await waitUntil(() => stateShown() === 'ended');
  });

  it('doubles the wait after each transient failure in a row, and stops at one that is not transient', async () => {
    const running = await startService();
    const opId = runningOpId();
    renderWithAuth(<PentestState opId={opId} intervalMs={40} retry={false} />, running);
    await waitUntil(() => stateShown() === 'running');

    running.service.queueGraphqlFailures(503, 503);
    await waitUntil(() => running.service.graphqlCalls.length === 4);
    const times = running.service.graphqlCalls.map((call) => call.time);
    // 40 ms after the answer, then 80 and 160 after the failures: each gap at least the wait.
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(75);
    expect(times[3]! - times[2]!).toBeGreaterThanOrEqual(155);
    await waitUntil(() => stateShown() === 'running');

    running.service.queueGraphqlFailures(400);
    await screen.findByRole('alert');
    const calls = running.service.graphqlCalls.length;
    await sleep(150);
    expect(running.service.graphqlCalls).toHaveLength(calls);
  });
});
