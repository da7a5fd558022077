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

    // At least one renewal (a loaded machine may be slow enough to see the next one as well), and the
    // client holding a token it renewed, never the stored one.
    await waitUntil(() => running.service.authCalls.length >= 2);
    await waitUntil(() => {
      const { token } = reloaded.store.getState();
      return token !== stored && token !== null && running.service.issuedTokens.includes(token);
    });
    expect(running.service.graphqlCalls).toHaveLength(0);
  });
});
