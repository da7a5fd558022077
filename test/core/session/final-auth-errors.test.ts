import { describe, expect, it } from 'vitest';
import { AuthRequestError } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { clientFor, startService } from '../../support/fixtures.js';

/** A 400 from /v1/auth is the request's fault: asking again the same way cannot help. */
describe('a refused auth request (400)', () => {
  it('is final like a refused key: the same AuthRequestError to every call, no further /v1/auth call until refresh()', async () => {
    const running = await startService();
    running.service.queueAuthFailures({ status: 400, body: '{"message":"key must be 32 chars"}' });
    const client = clientFor(running);

    const first: unknown = await client.request(PentestsDocument).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AuthRequestError);
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null, error: first });
    await expect(client.request(PentestsDocument)).rejects.toBe(first);
    await expect(client.getToken()).rejects.toBe(first);
    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(0);

    await client.refresh();
    await client.request(PentestsDocument);
    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls).toHaveLength(1);
  });
});
