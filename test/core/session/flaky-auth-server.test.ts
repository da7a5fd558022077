import { describe, expect, it } from 'vitest';
import { AuthServerError } from '../../../src/index.js';
import { clientName, PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, startService } from '../../support/fixtures.js';

describe('a flaky auth server while the token is still valid', () => {
  it('a failed renewal inside the margin keeps serving the valid token, and waits before asking again', async () => {
    const running = await startService();
    const { service } = running;
    let offsetMs = 0;
    const client = clientFor(running, { now: () => Date.now() + offsetMs });
    const first = await client.getToken();
    offsetMs = client.store.getState().expiresAt! - 30_000 - Date.now(); // due, not expired
    service.queueAuthFailures(503);

    await expect(client.request(PentestsDocument, { page_size: 1 })).resolves.toMatchObject({
      pentests_page: { pentests: [{ client_name: clientName('us') }] },
    });
    await expect(client.request(PentestsDocument, { page_size: 1 })).resolves.toMatchObject({
      pentests_page: { pentests: [{ client_name: clientName('us') }] },
    });

    expect(service.authCalls.map((call) => call.status)).toEqual([200, 503]); // no retry during the backoff
    expect(bearerTokens(service)).toEqual([first, first]);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: first });
    expect(client.store.getState().error).toBeInstanceOf(AuthServerError);

    offsetMs += 2_000; // past the first backoff step (1 s): the next send renews again
    await client.request(PentestsDocument, { page_size: 1 });
    expect(service.authCalls.map((call) => call.status)).toEqual([200, 503, 200]);
    expect(bearerTokens(service)[2]).toBe(service.issuedTokens[1]);
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', error: null });
  });

  it('once the token has expired, an auth failure fails the operation and clears the token', async () => {
    const running = await startService();
    let offsetMs = 0;
    const client = clientFor(running, { now: () => Date.now() + offsetMs });
    await client.getToken();
    offsetMs = client.store.getState().expiresAt! + 1_000 - Date.now();
    running.service.queueAuthFailures(500);

    await expect(client.request(PentestsDocument)).rejects.toMatchObject({ name: 'AuthServerError', status: 500 });
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null, expiresAt: null });
    expect(running.service.graphqlCalls).toHaveLength(0);
  });
});
