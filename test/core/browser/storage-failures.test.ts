import { describe, expect, it } from 'vitest';
import { PentestsDocument } from '../../support/documents.js';
import { API_KEY, bearerTokens, clientFor, startService, waitUntil } from '../../support/fixtures.js';
import { startFaultyService } from '../../support/faulty-service.js';
import { memoryStorage } from '../../support/memory-storage.js';
import { collectUnhandled } from '../../support/unhandled.js';
import { sessionPersistence } from '../../../src/index.js';

/** Persistence is best effort: a storage that cannot write costs the reload, never a request. */
describe('a storage whose writes fail', () => {
  it('full from the start (setItem throws QuotaExceededError): requests succeed with one /v1/auth call', async () => {
    const unhandled = collectUnhandled();
    const running = await startService();
    const storage = memoryStorage();
    storage.failWrites = 'throw';
    const client = clientFor(running, { persist: sessionPersistence({ storage }) });

    await expect(client.request(PentestsDocument, { page_size: 1 })).resolves.toMatchObject({
      pentests_page: { pentests: [{ client_name: 'Acme Corp (us)' }] },
    });
    await client.request(PentestsDocument, { page_size: 1 });

    expect(running.service.authCalls).toHaveLength(1);
    expect(bearerTokens(running.service)).toEqual(Array(2).fill(running.service.issuedTokens[0]));
    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: running.service.issuedTokens[0] });
    expect(storage.writes).toBeGreaterThan(0);
    expect(await unhandled.drain()).toEqual([]);
  });

  it('filling after a token was stored: the background renewal neither throws out of its timer nor stops', async () => {
    const unhandled = collectUnhandled();
    // A 3 s token counts as 2 s (iat is rounded), so its timer renews it about a second after it arrives.
    const running = await startService({ tokenLifetimeSec: 3 });
    const storage = memoryStorage();
    const client = clientFor(running, { persist: sessionPersistence({ storage }) });
    const first = await client.getToken();
    storage.failWrites = 'throw';

    await waitUntil(() => running.service.authCalls.length === 2 && client.store.getState().token !== first);

    expect(client.store.getState()).toMatchObject({ status: 'authenticated', token: running.service.issuedTokens[1] });
    expect(await unhandled.drain()).toEqual([]);
  });

  it('an async storage whose setItem rejects: a request and a sign-out leave no unhandled rejection', async () => {
    const unhandled = collectUnhandled();
    const running = await startService();
    const storage = memoryStorage({ async: true });
    storage.failWrites = 'reject';
    const client = clientFor(running, { persist: sessionPersistence({ storage }) });

    await client.request(PentestsDocument, { page_size: 1 });
    client.signOut();

    expect(running.service.authCalls).toHaveLength(1);
    expect(storage.writes).toBeGreaterThan(1);
    expect(await unhandled.drain()).toEqual([]);
  });
});

describe('a disposed client and the shared storage', () => {
  it("a renewal in flight at dispose() writes nothing: the entry stays the next client's", async () => {
    let releaseFirst: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let authCalls = 0;
    // Only the disposed client's /v1/auth call is held, so the next client's answer comes first.
    const running = await startFaultyService(({ path }) => (path.endsWith('/v1/auth') && ++authCalls === 1 ? { holdUntil: held } : null), {
      apiKeys: [API_KEY, 'second-key'],
    });
    const storage = memoryStorage();
    const disposed = clientFor(running, { persist: sessionPersistence({ storage }) });
    const inFlight = disposed.getToken();
    await waitUntil(() => running.faults.seen.length === 1);

    disposed.dispose();
    const current = await clientFor(running, { apiKey: 'second-key', persist: sessionPersistence({ storage }) }).getToken();
    releaseFirst();
    const late = await inFlight;

    expect(late).not.toBe(current);
    expect(storage.items.get('graphql-jwt-auth')).toContain(current);
    expect(storage.items.get('graphql-jwt-auth')).not.toContain(late);
  });
});
