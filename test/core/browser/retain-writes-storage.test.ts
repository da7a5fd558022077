import { describe, expect, it } from 'vitest';
import { sessionPersistence } from '../../../src/index.js';
import { clientFor, sleep, startService } from '../../support/fixtures.js';
import { memoryStorage } from '../../support/memory-storage.js';

const KEY = 'graphql-jwt-auth';

/** retain() is when a client gets an owner: what it holds is written then (a provider's client writes nothing before). */
describe('retain() and the persisted entry', () => {
  it('writes the token the client holds, with its timing, under the identity tag', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const client = clientFor(running, { persist: sessionPersistence({ storage }) });
    const token = await client.getToken();
    storage.items.delete(KEY);
    const writes = storage.writes;

    const release = client.retain();
    await sleep(0);

    expect(storage.writes).toBe(writes + 1);
    const { expiresAt, receivedAt, region } = client.store.getState();
    expect(JSON.parse(storage.items.get(KEY)!)).toEqual({ state: { id: client.identity.id, token, expiresAt, receivedAt, region }, version: 1 });
    release();
  });

  it('writes nothing while the client holds no token', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const client = clientFor(running, { persist: sessionPersistence({ storage }) });

    const release = client.retain();
    await sleep(0);

    expect(storage.writes).toBe(0);
    expect(storage.items.has(KEY)).toBe(false);
    release();
  });
});
