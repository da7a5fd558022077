import { describe, expect, it } from 'vitest';
import type { AuthClientOptions } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { API_KEY, bearerTokens, clientFor, startService } from '../../support/fixtures.js';
import { memoryStorage } from '../../support/memory-storage.js';
import { sessionPersistence } from '../../../src/index.js';

describe('persistence', () => {
  it('a reload reuses the stored token: no /v1/auth call while it is valid', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const options: Partial<AuthClientOptions> = { persist: sessionPersistence({ storage }) };
    const token = await clientFor(running, options).getToken();

    const reloaded = clientFor(running, options);
    await reloaded.request(PentestsDocument);

    expect(running.service.authCalls).toHaveLength(1);
    expect(bearerTokens(running.service)).toEqual([token]);
    expect(reloaded.store.getState()).toMatchObject({ status: 'authenticated', token });
  });

  it('an asynchronous storage is read before the first request decides to authenticate', async () => {
    const running = await startService();
    const storage = memoryStorage({ readDelayMs: 30 });
    await clientFor(running, { persist: sessionPersistence({ storage }) }).getToken();

    await clientFor(running, { persist: sessionPersistence({ storage }) }).request(PentestsDocument);
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('stores the token and its timing under the identity tag, never the API key', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const token = await clientFor(running, { persist: sessionPersistence({ storage, key: 'my-app' }) }).getToken();

    expect([...storage.items.keys()]).toEqual(['my-app']);
    const stored = storage.items.get('my-app')!;
    expect(stored).toContain(token);
    expect(stored).not.toContain(API_KEY);
  });

  it('an expired stored token is ignored', async () => {
    let elapsedMs = 0;
    const running = await startService();
    const storage = memoryStorage();
    const options: Partial<AuthClientOptions> = { persist: sessionPersistence({ storage }), now: () => Date.now() + elapsedMs };
    const old = await clientFor(running, options).getToken();

    elapsedMs = 61 * 60_000;
    const fresh = await clientFor(running, options).getToken();
    expect(fresh).not.toBe(old);
    expect(running.service.authCalls).toHaveLength(2);
  });

  it("another key's or region's stored token is ignored", async () => {
    const running = await startService({ apiKeys: [API_KEY, 'second-key'] });
    const storage = memoryStorage();
    const mine = await clientFor(running, { persist: sessionPersistence({ storage }) }).getToken();

    const theirs = await clientFor(running, { apiKey: 'second-key', persist: sessionPersistence({ storage }) }).getToken();
    // Same URLs under another region name: the stored token names a region this client lacks.
    await clientFor(running, { regions: { other: running.baseUrl }, region: 'other', persist: sessionPersistence({ storage }) }).getToken();

    expect(theirs).not.toBe(mine);
    expect(running.service.authCalls).toHaveLength(3);
  });

  it('sign-out removes the stored token', async () => {
    const running = await startService();
    const storage = memoryStorage();
    const client = clientFor(running, { persist: sessionPersistence({ storage }) });
    const token = await client.getToken();
    client.signOut();

    expect(storage.items.get('graphql-jwt-auth')).not.toContain(token);
    await clientFor(running, { persist: sessionPersistence({ storage }) }).getToken();
    expect(running.service.authCalls).toHaveLength(2);
  });

  it('a storage that fails to read or holds garbage neither blocks nor breaks requests', async () => {
    const running = await startService();
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    const garbage = { ...memoryStorage(), getItem: () => '{"state":{"id":42,"token":{}},"version":1' };

    await clientFor(running, { persist: sessionPersistence({ storage: throwing }) }).request(PentestsDocument);
    await clientFor(running, { persist: sessionPersistence({ storage: garbage }) }).request(PentestsDocument);
    expect(running.service.graphqlCalls.map((call) => call.status)).toEqual([200, 200]);
  });

  it('persist: sessionPersistence() keeps the token in sessionStorage', async () => {
    const running = await startService();
    sessionStorage.clear();
    const token = await clientFor(running, { persist: sessionPersistence() }).getToken();

    expect(sessionStorage.getItem('graphql-jwt-auth')).toContain(token);
    await clientFor(running, { persist: sessionPersistence() }).getToken();
    expect(running.service.authCalls).toHaveLength(1);
    sessionStorage.clear();
  });
});
