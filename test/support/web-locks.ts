import { onTestFinished } from 'vitest';

type Grant = (lock: { name: string } | null) => unknown;

/**
 * An in-process stand-in for the browser's `navigator.locks` (exclusive mode, `ifAvailable`, `signal`), for
 * Node tests of the tab protocol; the real one is exercised in Chromium by the browser tests.
 */
export class InProcessLocks {
  readonly #queues = new Map<string, Array<() => void>>();
  #handOffsHeld: Promise<void> | null = null;

  /**
   * Holds each hand-over of a released lock to its next waiter until the returned function is called.
   * A browser grants locks in another process, so a tab's message may arrive before its lock does.
   */
  holdHandOffs(): () => void {
    let release: () => void = () => undefined;
    this.#handOffsHeld = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.#handOffsHeld = null;
      release();
    };
  }

  async request(name: string, optionsOrGrant: { ifAvailable?: boolean; signal?: AbortSignal } | Grant, maybeGrant?: Grant): Promise<unknown> {
    const grant = typeof optionsOrGrant === 'function' ? optionsOrGrant : maybeGrant!;
    const { ifAvailable = false, signal } = typeof optionsOrGrant === 'object' ? optionsOrGrant : {};
    const queue = this.#queues.get(name);
    if (queue && ifAvailable) return grant(null);
    if (queue) {
      await waitInQueue(queue, signal);
      await this.#handOffsHeld;
    } else this.#queues.set(name, []);
    try {
      return await grant({ name });
    } finally {
      const next = this.#queues.get(name)?.shift();
      if (next) next();
      else this.#queues.delete(name);
    }
  }
}

/** As the Locks API does: an aborted signal takes a request still waiting out of the queue and rejects it. */
function waitInQueue(queue: Array<() => void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const granted = () => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      queue.splice(queue.indexOf(granted), 1);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', aborted, { once: true });
    queue.push(granted);
  });
}

/** Installs the stand-in for the current test only. */
export function installWebLocks(): InProcessLocks {
  const navigator = globalThis.navigator as unknown as { locks?: unknown };
  const before = Object.getOwnPropertyDescriptor(navigator, 'locks');
  const locks = new InProcessLocks();
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  onTestFinished(() => {
    if (before) Object.defineProperty(navigator, 'locks', before);
    else delete navigator.locks;
  });
  return locks;
}
