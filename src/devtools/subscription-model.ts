import type { AuthEvent } from '../core/session/auth-events.js';

type SubscriptionEvent = Extract<AuthEvent, { type: 'subscription-start' | 'subscription-renewed' | 'subscription-end' }>;

/** One row per operation and transport: the client's subscriptions of it, told apart by nothing else in their events. */
export interface SubscriptionRow {
  /** `ws StateChanges`: the transport and the operation name (`(anonymous)` for none). */
  key: string;
  /** Subscriptions of it connected now. */
  live: number;
  /** The token the last connection presented. */
  tokenTag: string | null;
  /** Moves to a new connection so far, by why: before expiry, after the server ended a token, after a lost connection. */
  renewals: Record<'expiring' | 'token-ended' | 'reconnected', number>;
  /** How the last one that ended did: `unsubscribed`, `completed`, `failed TokenExpiredError`; null while none has. */
  lastEnd: string | null;
}

const isSubscriptionEvent = (event: AuthEvent): event is SubscriptionEvent =>
  event.type === 'subscription-start' || event.type === 'subscription-renewed' || event.type === 'subscription-end';

const rowKey = (event: SubscriptionEvent) => `${event.transport} ${event.operationName || '(anonymous)'}`;

/**
 * The rows after one more event (the same rows for any other event). Folded as events come, not read
 * from the bounded log: an hour-old subscription's start has long left the log but is still live.
 */
export function foldSubscriptionEvent(rows: readonly SubscriptionRow[], event: AuthEvent): readonly SubscriptionRow[] {
  if (!isSubscriptionEvent(event)) return rows;
  const key = rowKey(event);
  const row = rows.find((candidate) => candidate.key === key) ?? {
    key,
    live: 0,
    tokenTag: null,
    renewals: { expiring: 0, 'token-ended': 0, reconnected: 0 },
    lastEnd: null,
  };
  let next: SubscriptionRow;
  switch (event.type) {
    case 'subscription-start':
      next = { ...row, live: row.live + 1, tokenTag: event.tokenTag };
      break;
    case 'subscription-renewed':
      next = { ...row, tokenTag: event.tokenTag, renewals: { ...row.renewals, [event.reason]: row.renewals[event.reason] + 1 } };
      break;
    case 'subscription-end':
      // One that never connected (unsubscribed first, as StrictMode's first mount does) was never live.
      next = {
        ...row,
        live: event.tokenTag === null ? row.live : Math.max(0, row.live - 1),
        tokenTag: event.tokenTag ?? row.tokenTag,
        lastEnd: event.error === undefined ? event.reason : `${event.reason} ${event.error}`,
      };
      break;
  }
  return rows.some((candidate) => candidate.key === key) ? rows.map((candidate) => (candidate.key === key ? next : candidate)) : [...rows, next];
}
