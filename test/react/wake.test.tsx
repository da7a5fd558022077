import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PentestList } from '../support/components.js';
import { clientFor, startService, waitUntil } from '../support/fixtures.js';
import { renderWithAuth, testQueryClient } from '../support/render.js';

const HOUR = 3_600_000;

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** The machine "sleeps": the clocks jump, and no timer fires in between. */
async function sleepingClocks() {
  let elapsedMs = 0;
  const now = () => Date.now() + elapsedMs;
  const running = await startService({ now });
  return { running, now, sleepFor: (ms: number) => (elapsedMs += ms) };
}

describe('sleep and wake', () => {
  it.each([
    [
      'the page becomes visible',
      () => {
        setVisibility('visible');
      },
    ],
    [
      'the network comes back',
      () => {
        window.dispatchEvent(new Event('online'));
      },
    ],
  ])('when %s, a due token is renewed at once, before anything asks for it', async (_label, wake) => {
    const { running, now, sleepFor } = await sleepingClocks();
    const client = clientFor(running, { now });
    await client.getToken();

    sleepFor(HOUR - 30_000);
    wake();

    // Recorded on arrival, so wait for the answer to reach the client too.
    const renewed = () => running.service.issuedTokens[1];
    await waitUntil(() => renewed() !== undefined && client.store.getState().token === renewed());
    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });

  it('a token that is not due is left alone on wake, and a hidden page does not count as a wake', async () => {
    const { running, now, sleepFor } = await sleepingClocks();
    const client = clientFor(running, { now });
    await client.getToken();

    sleepFor(10 * 60_000);
    setVisibility('visible');
    sleepFor(HOUR);
    setVisibility('hidden');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('renewOnWake: false leaves renewal to the next request', async () => {
    const { running, now, sleepFor } = await sleepingClocks();
    const client = clientFor(running, { now, renewOnWake: false });
    await client.getToken();

    sleepFor(HOUR + 60_000);
    setVisibility('visible');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('after a night asleep, refetch on focus sends the renewed token: no expired answer, one renewal', async () => {
    const { running, now, sleepFor } = await sleepingClocks();
    const queryClient = testQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, refetchOnWindowFocus: 'always' } });
    renderWithAuth(<PentestList pageSize={1} />, running, { now }, queryClient);
    await screen.findByTestId('pentests');

    sleepFor(10 * HOUR);
    setVisibility('visible');

    const { service } = running;
    await waitUntil(() => service.graphqlCalls.length === 2 && service.graphqlCalls[1]!.status === 200);
    expect(service.authCalls).toHaveLength(2);
    expect(service.authCalls[1]!.time).toBeLessThanOrEqual(service.graphqlCalls[1]!.time);
    expect(service.graphqlCalls.map((call) => call.token)).toEqual(service.issuedTokens);
    expect(service.graphqlCalls.some((call) => call.expired)).toBe(false);
  });
});
