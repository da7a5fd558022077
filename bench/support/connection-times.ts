import type { MockService, SubscriptionConnection } from '../../src/testing/index.js';

export interface ConnectionTimes {
  /** When the mock recorded the connection's first subscription (performance.now()), by its record. */
  subscribedAt: (record: SubscriptionConnection) => number | undefined;
  /** When the mock recorded it no longer open. */
  closedAt: (record: SubscriptionConnection) => number | undefined;
  stop: () => void;
}

/**
 * The moments the mock's records change, read on the mock's own change signal (it runs in the
 * bench's process): when each subscription connection got its operation, and when it closed. The
 * records hold no times of their own beyond their arrival.
 */
export function watchConnectionTimes(service: MockService): ConnectionTimes {
  const subscribed = new Map<SubscriptionConnection, number>();
  const closed = new Map<SubscriptionConnection, number>();
  /** Records before this index are closed and timed: a long run does not rescan them on every change. */
  let settled = 0;
  const look = () => {
    const at = performance.now();
    const records = service.subscriptionConnections;
    for (let index = settled; index < records.length; index++) {
      const record = records[index];
      if (record === undefined) continue;
      if (record.subscriptions > 0 && !subscribed.has(record)) subscribed.set(record, at);
      if (record.state !== 'open' && !closed.has(record)) closed.set(record, at);
    }
    while (settled < records.length && closed.has(records[settled] as SubscriptionConnection)) settled += 1;
  };
  const stop = service.subscribe(look);
  look();
  return { subscribedAt: (record) => subscribed.get(record), closedAt: (record) => closed.get(record), stop };
}
