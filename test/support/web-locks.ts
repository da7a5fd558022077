import { onTestFinished } from 'vitest';

type Grant = (lock: { name: string } | null) => unknown;

/**
 * An in-process stand-in for the browser's `navigator.locks` (exclusive mode, `ifAvailable`), for
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

  async request(name: string, optionsOrGrant: { ifAvailable?: boolean } | Grant, maybeGrant?: Grant): Promise<unknown> {
    const grant = typeof optionsOrGrant === 'function' ? optionsOrGrant : maybeGrant!;
    const ifAvailable = typeof optionsOrGrant === 'object' && optionsOrGrant.ifAvailable === true;
    const queue = this.#queues.get(name);
    if (queue && ifAvailable) return grant(null);
    if (queue) {
      await new Promise<void>((resolve) => queue.push(resolve));
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
