import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthConfigError, tabSync } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { clientFor, sleep, startService } from '../../support/fixtures.js';
import { messagesOfKind } from '../../support/tab-messages.js';

describe('a client with bad options', () => {
  it('refresh() fails with its AuthConfigError and the store never shows it authenticating', async () => {
    const running = await startService();
    const client = clientFor(running, { apiKey: '' });
    const statuses: string[] = [];
    client.store.subscribe((state) => statuses.push(state.status));

    await expect(client.refresh()).rejects.toBeInstanceOf(AuthConfigError);

    expect(statuses).toEqual([]);
    expect(client.store.getState()).toMatchObject({ status: 'error', token: null });
    expect(running.service.authCalls).toHaveLength(0);
  });

  it('joins no tab channel when used: the other tabs never hear it ask', async () => {
    const running = await startService();
    const channel = `tabs-${randomUUID()}`;
    const asks = messagesOfKind(channel, 'ask');
    const client = clientFor(running, { apiKey: '', tabSync: tabSync(channel) });

    await expect(client.request(PentestsDocument)).rejects.toBeInstanceOf(AuthConfigError);
    await sleep(50); // delivery is asynchronous; nothing marks a message that was never sent

    expect(asks).toEqual([]);
  });
});
