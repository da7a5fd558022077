// @vitest-environment node
// A token whose expiry cannot be read is taken to live the documented hour: said once, as an event,
// instead of silently.
import { afterEach, describe, expect, it } from 'vitest';
import { type AuthEvent, createAuthClient } from '../../../src/core/index.js';
import { craftJwt } from '../../support/crafted-jwt.js';
import { API_KEY, startService } from '../../support/fixtures.js';
import { startScriptedServer } from '../../support/scripted-server.js';

const disposers: Array<() => void> = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

function clientOn(baseUrl: string, events: AuthEvent[]) {
  const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: baseUrl } });
  disposers.push(
    client.onEvent((event) => events.push(event)),
    client.dispose,
  );
  return client;
}

describe('a token whose expiry cannot be read', () => {
  it('is told once per client as expiry-unread (the documented hour assumed), however many such tokens come', async () => {
    let issued = 0;
    const server = await startScriptedServer({
      auth: () => ({ status: 200, body: JSON.stringify({ token: craftJwt({ sub: `user-${String((issued += 1))}` }) }) }),
      graphql: () => ({ status: 200, body: '{"data":{}}' }),
    });
    const events: AuthEvent[] = [];
    const client = clientOn(server.baseUrl, events);

    await client.getToken();
    await client.refresh();
    await client.refresh();

    expect(issued).toBe(3);
    const unread = events.filter((event) => event.type === 'expiry-unread');
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ assumedLifetimeMs: 3_600_000, tokenTag: expect.any(String) as string });
    expect(JSON.stringify(unread)).not.toContain('user-1');
  });

  it('a token with a readable exp tells nothing of the kind', async () => {
    const running = await startService({ tokenLifetimeSec: 6 });
    const events: AuthEvent[] = [];
    const client = clientOn(running.baseUrl, events);

    await client.getToken();
    await client.refresh();

    expect(events.filter((event) => event.type === 'exchange-end')).toHaveLength(2);
    expect(events.filter((event) => event.type === 'expiry-unread')).toHaveLength(0);
  });
});
