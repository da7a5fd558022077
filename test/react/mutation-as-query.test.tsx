import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGraphQLQuery } from '../../src/index.js';
import { PauseOpDocument, runningOpId } from '../support/documents.js';
import { startService } from '../support/fixtures.js';
import { renderWithAuth } from '../support/render.js';

function AddOnMount() {
  const { data, error } = useGraphQLQuery(PauseOpDocument, { op_id: runningOpId() }, { retry: 3 });
  if (error) return <p data-testid="failed">{error.name}</p>;
  return data ? <p data-testid="paused">{data.pause_op?.op_id}</p> : null;
}

/** A mutation may have been applied before its answer failed, so no hook sends it twice. */
describe('a mutation run through useGraphQLQuery', () => {
  it.each([503, 'reset'] as const)('a %s after the mutation ran: not retried, applied exactly once', async (failure) => {
    const running = await startService();
    running.service.queueGraphqlFailures(failure);

    renderWithAuth(<AddOnMount />, running, {}, undefined, { strict: false });

    await screen.findByTestId('failed');
    expect(running.service.graphqlCalls).toHaveLength(1);
    expect(running.service.appliedMutations).toBe(1);
  });

  it('a failed /v1/auth (nothing sent yet) is still retried, and the mutation applied once', async () => {
    const running = await startService();
    running.service.queueAuthFailures(503);

    renderWithAuth(<AddOnMount />, running, {}, undefined, { strict: false });

    await screen.findByTestId('paused'); // the retry waits out the backoff, at most 1 s
    expect(running.service.authCalls.map((call) => call.status)).toEqual([503, 200]);
    expect(running.service.appliedMutations).toBe(1);
  });
});
