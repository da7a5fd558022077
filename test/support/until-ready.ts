/**
 * Waits on events, never on a clock: `until(ready)` resolves once `ready()` holds, checked at once and
 * again at each `recheck()`, which the caller calls wherever something may have changed (a client
 * event, a change the mock records, an event received).
 */
export function readiness(): { until: (ready: () => boolean) => Promise<void>; recheck: () => void } {
  const waiters = new Set<() => void>();
  const recheck = () => {
    for (const waiter of waiters) waiter();
  };
  const until = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!ready()) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { until, recheck };
}
