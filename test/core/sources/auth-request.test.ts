import { describe, expect, it } from 'vitest';
import { API_KEY, clientFor, startService } from '../../support/fixtures.js';

describe('the /v1/auth request', () => {
  it('is a JSON POST, as the contract asks, and the key travels only in its body', async () => {
    const running = await startService();
    const client = clientFor(running);

    await client.getToken();

    const [call] = running.service.authCalls;
    expect(running.service.authCalls).toHaveLength(1);
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe(`${running.baseUrl}/v1/auth`);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toBe(JSON.stringify({ key: API_KEY }));
    expect(Object.values(call?.headers ?? {}).join('\n')).not.toContain(API_KEY);
  });
});
