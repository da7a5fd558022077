// setTimeout fires at once for delays above 2^31 − 1 ms; longer waits are taken in steps.
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

export interface RenewalTimer {
  schedule: (delayMs: number) => void;
  cancel: () => void;
  /** After this the timer never arms again. */
  dispose: () => void;
}

/**
 * One pending background renewal at a time. A closure rather than a class: its state is local
 * variables, which a minifier shortens, where private fields (`#handle`) ship their names.
 */
export function createRenewalTimer(onDue: () => void): RenewalTimer {
  let handle: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const cancel = () => {
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
  };
  const schedule = (delayMs: number) => {
    cancel();
    if (disposed) return;
    const wait = Math.min(Math.max(delayMs, 0), MAX_TIMER_DELAY_MS);
    handle = setTimeout(() => {
      handle = undefined;
      if (delayMs > wait) schedule(delayMs - wait);
      else onDue();
    }, wait);
    // A pending renewal must not keep a Node process (SSR, tests, scripts) alive.
    if (typeof handle === 'object' && 'unref' in handle) handle.unref();
  };
  return {
    schedule,
    cancel,
    dispose: () => {
      disposed = true;
      cancel();
    },
  };
}
