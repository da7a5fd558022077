import type { AuthClient, AuthEvent } from '../../src/index.js';

/** Every event `client` tells from now on, in order. */
export function recordEvents(client: Pick<AuthClient, 'onEvent'>): AuthEvent[] {
  const events: AuthEvent[] = [];
  client.onEvent((event) => events.push(event));
  return events;
}
