import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { clientFor, startService, waitUntil } from '../../support/fixtures.js';

describe('abort', () => {
  it('an abort while waiting for the token rejects that caller only; the other waiters still get the token', async () => {
    const running = await startService();
    const client = clientFor(running);
    const release = running.service.pauseAuth();
    const controller = new AbortController();
    const aborted = client.request(PentestsDocument, {}, { signal: controller.signal });
    const others = [client.request(PentestsDocument), client.request(PentestsDocument)];
    await waitUntil(() => running.service.authCalls.length === 1);

    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    release();

    await expect(Promise.all(others)).resolves.toHaveLength(2);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(2);
  });

  it('an abort during the GraphQL send rejects with AbortError and the token stays', async () => {
    const running = await startService();
    const client = clientFor(running);
    const token = await client.getToken();
    running.service.graphqlDelayMs = 2_000;
    const controller = new AbortController();
    const pending = client.request(PentestsDocument, {}, { signal: controller.signal });
    await waitUntil(() => running.service.graphqlCalls.length === 1);

    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.store.getState().token).toBe(token);
  });

  it('an already aborted signal sends nothing', async () => {
    const running = await startService();
    const client = clientFor(running);

    await expect(client.request(PentestsDocument, {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(running.service.authCalls).toHaveLength(0);
  });
});
