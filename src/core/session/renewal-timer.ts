// setTimeout fires at once for delays above 2^31 − 1 ms; longer waits are taken in steps.
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** One pending background renewal at a time; after dispose() it never arms again. */
export class RenewalTimer {
  #handle: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;
  readonly #onDue: () => void;

  constructor(onDue: () => void) {
    this.#onDue = onDue;
  }

  schedule(delayMs: number): void {
    this.cancel();
    if (this.#disposed) return;
    const wait = Math.min(Math.max(delayMs, 0), MAX_TIMER_DELAY_MS);
    this.#handle = setTimeout(() => {
      this.#handle = undefined;
      if (delayMs > wait) this.schedule(delayMs - wait);
      else this.#onDue();
    }, wait);
    // A pending renewal must not keep a Node process (SSR, tests, scripts) alive.
    if (typeof this.#handle === 'object' && 'unref' in this.#handle) this.#handle.unref();
  }

  cancel(): void {
    if (this.#handle !== undefined) clearTimeout(this.#handle);
    this.#handle = undefined;
  }

  dispose(): void {
    this.#disposed = true;
    this.cancel();
  }
}
