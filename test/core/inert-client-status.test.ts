import { describe, expect, it } from 'vitest';
import { AuthConfigError } from '../../src/index.js';
import { clientFor, startService } from '../support/fixtures.js';

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
});
