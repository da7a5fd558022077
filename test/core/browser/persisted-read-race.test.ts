import { describe, expect, it } from 'vitest';
import { SignedOutError } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { bearerTokens, clientFor, type Running, sleep, startService } from '../../support/fixtures.js';
import { type MemoryStorage, memoryStorage } from '../../support/memory-storage.js';
import { sessionPersistence } from '../../../src/index.js';

/** A storage holding a valid token from an earlier page load, whose reads wait until released. */
async function storedSession(running: Running): Promise<{ storage: MemoryStorage; stored: string; release: () => void }> {
  const storage = memoryStorage({ async: true });
  const stored = await clientFor(running, { persist: sessionPersistence({ storage }) }).getToken();
  return { storage, stored, release: storage.holdReads() };
}

/** What happens while an async storage is read is newer than what it holds. */
describe('an async persisted session read after the client acted', () => {
  it('a sign-out before the read is not undone: no token, no renewal, nothing stored for the next load', async () => {
    let elapsedMs = 0;
    const running = await startService();
    const { storage, stored, release } = await storedSession(running);
    // Inside the renewal margin: a token brought back would be renewed by its timer at once.
    elapsedMs = 60 * 60_000 - 30_000;
    const now = () => Date.now() + elapsedMs;
    const client = clientFor(running, { persist: sessionPersistence({ storage }), now });

    client.signOut();
    release();
    await storage.settled();
    await sleep(50);

    expect(client.store.getState()).toMatchObject({ status: 'signedOut', token: null });
    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(SignedOutError);
    expect(running.service.authCalls).toHaveLength(1);
    expect(storage.items.get('graphql-jwt-auth')).not.toContain(stored);
    const nextLoad = clientFor(running, { persist: sessionPersistence({ storage }), now });
    await storage.settled();
    expect(nextLoad.store.getState().token).toBeNull();
  });

  it('a refresh() settled before the read keeps its token: the next request carries the new one', async () => {
    const running = await startService();
    const { storage, stored, release } = await storedSession(running);
    const client = clientFor(running, { persist: sessionPersistence({ storage }) });

    const fresh = await client.refresh();
    release();
    await storage.settled();
    await client.request(PentestsDocument);

    expect(fresh).not.toBe(stored);
    expect(client.store.getState().token).toBe(fresh);
    expect(bearerTokens(running.service)).toEqual([fresh]);
    expect(running.service.authCalls).toHaveLength(2);
  });
});
