import { describe, expect, it } from 'vitest';
import { sessionPersistence } from '../../../src/index.js';
import { clientFor, startService, waitUntil } from '../../support/fixtures.js';
import { memoryStorage } from '../../support/memory-storage.js';

describe('a token read from storage', () => {
  it('is renewed in the background when due, with no request made', async () => {
    // 3 s tokens: due 1–1.5 s after issue (half their life), so the test waits about that long.
    const running = await startService({ tokenLifetimeSec: 3 });
    const storage = memoryStorage();
    const before = clientFor(running, { persist: sessionPersistence({ storage }) });
    const stored = await before.getToken();
    before.dispose();

    const reloaded = clientFor(running, { persist: sessionPersistence({ storage }) });
    expect(reloaded.store.getState().token).toBe(stored);

    await waitUntil(() => running.service.authCalls.length === 2);
    await waitUntil(() => reloaded.store.getState().token === running.service.issuedTokens[1]);
    expect(running.service.graphqlCalls).toHaveLength(0);
  });
});
