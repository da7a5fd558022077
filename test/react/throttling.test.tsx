import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PauseNext, PentestList } from '../support/components.js';
import { startService } from '../support/fixtures.js';
import { renderWithAuth, testQueryClient } from '../support/render.js';

/** Gaps between the calls the service recorded, in ms of its clock. */
const gaps = (calls: ReadonlyArray<{ time: number }>) => calls.slice(1).map((call, i) => call.time - calls[i]!.time);

/** The test QueryClient retries without delay: any wait seen here is the one Retry-After asked for. */
describe('the hooks under a throttling gateway (429 with Retry-After)', () => {
  it.each(['auth', 'graphql'] as const)(
    'a throttled %s endpoint: the query is retried once the second it asked for has passed, never sooner',
    async (endpoint) => {
      const running = await startService();
      const { service } = running;
      const throttled = { status: 429, headers: { 'retry-after': '1' } };
      if (endpoint === 'auth') service.queueAuthFailures(throttled);
      else service.queueGraphqlFailures(throttled);

      renderWithAuth(<PentestList />, running);

      await screen.findByTestId('pentests');
      const calls = endpoint === 'auth' ? service.authCalls : service.graphqlCalls;
      expect(calls.map((call) => call.status)).toEqual([429, 200]);
      expect(gaps(calls)[0]).toBeGreaterThanOrEqual(1_000);
    },
  );

  it('a mutation whose /v1/auth call was throttled is retried after its Retry-After and applied once', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '1' } });
    const queryClient = testQueryClient();
    queryClient.setDefaultOptions({ mutations: { retry: 1, retryDelay: 0 } });

    renderWithAuth(<PauseNext />, running, {}, queryClient);
    fireEvent.click(screen.getByText('pause'));

    await screen.findByTestId('paused');
    expect(gaps(running.service.authCalls)[0]).toBeGreaterThanOrEqual(1_000);
    expect(running.service.appliedMutations).toBe(1);
  });

  it('a Retry-After beyond the cap (an hour): no retry at all, the error says how long to wait', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 429, headers: { 'retry-after': '3600' } });

    const view = renderWithAuth(<PentestList />, running);

    expect((await screen.findByTestId('pentests-error')).textContent).toMatch(/^AuthServerError: .*\(429\)/);
    expect(view.queryClient.getQueryCache().getAll()[0]?.state).toMatchObject({
      fetchFailureCount: 1,
      error: { retryAfterMs: 3_600_000 },
    });
    expect(running.service.authCalls).toHaveLength(1);
  });
});
