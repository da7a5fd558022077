import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionPersistence, tabSync } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { recordEvents as recorded } from '../../support/events.js';
import { clientFor, startService, waitUntil } from '../../support/fixtures.js';
import { memoryStorage } from '../../support/memory-storage.js';

describe('client events of tokens from elsewhere', () => {
  it('a token another tab obtained is token-adopted from "tab" with its tag; a sign-out there is signed-out "elsewhere"', async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const renewing = clientFor(running, { tabSync: tabSync(channel) });
    const other = clientFor(running, { tabSync: tabSync(channel) });
    await other.getToken(); // starts its channel
    const heard = recorded(renewing);
    const seen = recorded(other);

    await renewing.refresh();
    await waitUntil(() => seen.length > 0);
    const obtained = heard.find((event) => event.type === 'exchange-end');
    expect(seen).toEqual([
      {
        type: 'token-adopted',
        from: 'tab',
        tokenTag: obtained?.type === 'exchange-end' && obtained.ok ? obtained.tokenTag : '',
        expiresAt: renewing.store.getState().expiresAt,
        at: expect.any(Number) as number,
      },
    ]);

    renewing.signOut();
    await waitUntil(() => seen.length > 1);
    expect(seen[1]).toMatchObject({ type: 'signed-out', where: 'elsewhere' });
    expect(heard.at(-1)).toMatchObject({ type: 'signed-out', where: 'here' });
  });

  it('a reload that reuses the stored token is token-adopted from "storage", with no exchange', async () => {
    const running = await startService();
    const storage = memoryStorage({ readDelayMs: 5 });
    await clientFor(running, { persist: sessionPersistence({ storage }) }).getToken();

    const reloaded = clientFor(running, { persist: sessionPersistence({ storage }) });
    const events = recorded(reloaded);
    await reloaded.request(PentestsDocument);

    expect(events.map((event) => event.type)).toEqual(['token-adopted', 'operation']);
    expect(events[0]).toMatchObject({ from: 'storage', expiresAt: reloaded.store.getState().expiresAt });
    expect(running.service.authCalls).toHaveLength(1);
  });
});
