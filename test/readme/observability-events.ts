import { createAuthClient } from 'graphql-jwt-auth-react/core';

const client = createAuthClient({ apiKey: 'your-api-key', region: 'us' });

// One line per renewal and per retried operation: enough to see where the time went.
client.onEvent((event) => {
  if (event.type === 'exchange-end') console.info(`/v1/auth ${event.ok ? 'ok' : event.error} in ${String(event.durationMs)} ms`);
  if (event.type === 'operation' && (event.retry || event.outcome !== 'ok')) {
    console.info(`${event.operationName} ${event.outcome} (${String(event.status)}) in ${String(event.durationMs)} ms${event.retry ? ', retried' : ''}`);
  }
});
