import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { useGraphQLSuspenseQuery } from '../../src/index.js';
import { PauseNext } from '../support/components.js';
import { pentestNames, PentestsDocument, runningOpId } from '../support/documents.js';
import { startService } from '../support/fixtures.js';
import { renderWithAuth, testQueryClient } from '../support/render.js';

function SuspensePentests() {
  const { data } = useGraphQLSuspenseQuery(PentestsDocument, { page_size: 3 });
  return <p data-testid="pentests">{data.pentests_page.pentests.map((pentest) => pentest.name).join(', ')}</p>;
}

describe('useGraphQLSuspenseQuery', () => {
  it('shows the fallback, then the data, with one /v1/auth call', async () => {
    const running = await startService({ regions: ['eu'] });
    const release = running.service.pauseAuth();

    renderWithAuth(
      <Suspense fallback={<p data-testid="fallback">loading</p>}>
        <SuspensePentests />
      </Suspense>,
      running,
    );

    expect(screen.getByTestId('fallback')).toBeTruthy();
    release();
    expect((await screen.findByTestId('pentests')).textContent).toBe(pentestNames('eu', 3).join(', '));
    expect(running.service.authCalls).toHaveLength(1);
  });
});

describe('useGraphQLMutation', () => {
  it('after the token expired, the mutation is re-sent with a new token and applied exactly once', async () => {
    const running = await startService();
    renderWithAuth(<PauseNext />, running);
    fireEvent.click(screen.getByText('pause'));
    await screen.findByTestId('paused');
    running.service.expireTokensNow();
    running.service.resetCounters();

    fireEvent.click(screen.getByText('pause'));

    await waitFor(() => {
      expect(running.service.appliedMutations).toBe(1);
    });
    // The service counts the mutation before its answer reaches the client, so wait for the render.
    await waitFor(() => {
      expect(screen.getByTestId('paused').textContent).toBe(runningOpId('us', 1));
    });
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls.map((call) => call.expired)).toEqual([true, false]);
  });

  it.each([
    ['a 5xx', 502 as const],
    ['a connection reset', 'reset' as const],
  ])('after %s the mutation is not re-sent, even with retry configured (it may have run)', async (_label, failure) => {
    const running = await startService();
    running.service.queueGraphqlFailures(failure);
    const queryClient = testQueryClient();
    queryClient.setDefaultOptions({ mutations: { retry: 3, retryDelay: 0 } });

    renderWithAuth(<PauseNext />, running, {}, queryClient);
    fireEvent.click(screen.getByText('pause'));

    await screen.findByTestId('failed');
    expect(running.service.graphqlCalls).toHaveLength(1);
    expect(running.service.appliedMutations).toBe(1);
  });

  it('a 5xx from /v1/auth (nothing sent yet) is retried when retry is configured, and the mutation is applied once', async () => {
    const running = await startService();
    running.service.queueAuthFailures(503);
    const queryClient = testQueryClient();
    queryClient.setDefaultOptions({ mutations: { retry: 1, retryDelay: 0 } });

    renderWithAuth(<PauseNext />, running, {}, queryClient);
    fireEvent.click(screen.getByText('pause'));

    await screen.findByTestId('paused');
    expect(running.service.authCalls.map((call) => call.status)).toEqual([503, 200]);
    expect(running.service.appliedMutations).toBe(1);
  });
});
