import { type AuthEvent, createAuthClient } from 'graphql-jwt-auth-react/core';

const client = createAuthClient({ apiKey: 'your-api-key', region: 'us' });

const stop = client.onEvent((event: AuthEvent) => {
  if (event.type === 'operation' && event.outcome !== 'ok') console.warn(`${event.operationName}: ${event.outcome} (${event.status})`);
  if (event.type === 'exchange-end' && !event.ok) console.warn(`/v1/auth failed: ${event.error}`);
});
// Later: stop();
export { stop };
