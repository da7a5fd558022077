import { ClientError } from 'graphql-request';
import { describe, expect, it } from 'vitest';
import { PauseOpDocument, runningOpId } from '../../support/documents.js';
import { clientFor, startService } from '../../support/fixtures.js';

describe('no replay after an ambiguous failure', () => {
  it('a mutation answered 5xx is sent once and fails with the ClientError', async () => {
    const running = await startService();
    running.service.queueGraphqlFailures(500);
    const client = clientFor(running);

    const error: unknown = await client.request(PauseOpDocument, { op_id: runningOpId() }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).response.status).toBe(500);
    expect(running.service.graphqlCalls).toHaveLength(1);
    expect(running.service.appliedMutations).toBe(1);
  });

  it('a mutation whose connection is reset is sent once and fails with the fetch error', async () => {
    const running = await startService();
    running.service.queueGraphqlFailures('reset');
    const client = clientFor(running);

    await expect(client.request(PauseOpDocument, { op_id: runningOpId() })).rejects.toBeInstanceOf(TypeError);
    expect(running.service.graphqlCalls).toHaveLength(1);
    expect(running.service.appliedMutations).toBe(1);
  });
});
