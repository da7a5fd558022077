import type { AuthEvent } from '../core/session/auth-events.js';

const time = (at: number) => new Date(at).toISOString().slice(11, 23);

/** One line of the event log: what a person reads, from the event's own fields only. */
export function describeEvent(event: AuthEvent): string {
  const parts: string[] = [time(event.at), event.type];
  switch (event.type) {
    case 'exchange-start':
      parts.push(event.reason);
      break;
    case 'exchange-end':
      parts.push(event.ok ? `ok ${event.tokenTag}` : `failed ${event.error}`, `${String(event.durationMs)} ms`);
      break;
    case 'operation':
      parts.push(
        `${event.kind} ${event.operationName || '(anonymous)'}`,
        event.tokenTag ?? '—',
        event.outcome,
        String(event.status),
        `${String(event.durationMs)} ms`,
      );
      if (event.retry) parts.push('retry');
      break;
    case 'token-adopted':
      parts.push(`from ${event.from}`, event.tokenTag);
      break;
    case 'signed-out':
      parts.push(event.where);
      break;
    case 'tenant-changed':
      parts.push(event.tokenTag);
      break;
    case 'subscription-start':
      parts.push(`${event.transport} ${event.operationName || '(anonymous)'}`, event.tokenTag);
      break;
    case 'subscription-renewed':
      parts.push(`${event.transport} ${event.operationName || '(anonymous)'}`, `${event.previousTokenTag} → ${event.tokenTag}`, event.reason);
      break;
    case 'subscription-end':
      parts.push(
        `${event.transport} ${event.operationName || '(anonymous)'}`,
        event.tokenTag ?? '—',
        event.error === undefined ? event.reason : `${event.reason} ${event.error}`,
      );
      break;
    case 'expiry-unread':
      parts.push(event.tokenTag, `assumed ${String(event.assumedLifetimeMs / 60_000)} min`);
      break;
  }
  return parts.join(' · ');
}
