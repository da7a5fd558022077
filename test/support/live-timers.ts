import { createHook } from 'node:async_hooks';

/** Timers created by the library's own code: their creation stack runs through src/. */
const LIBRARY_FRAME = /[\\/]src[\\/](core|react)[\\/]/;

export interface TimerTracker {
  /**
   * Creation stacks of the library's timers still pending (neither fired nor cleared). Node reports
   * a cleared timer's end asynchronously, so this waits for those reports first.
   */
  live(): Promise<string[]>;
  stop(): void;
}

/**
 * Counts pending timers through async_hooks: Node reports every Timeout when it is created and again
 * when it fires or is cleared, whoever created it (setTimeout, AbortSignal.timeout, unref'd or not),
 * so a timer the library forgets shows up here even though it keeps no process alive.
 */
export function trackLibraryTimers(frame: RegExp = LIBRARY_FRAME): TimerTracker {
  const pending = new Map<number, string>();
  const hook = createHook({
    init(asyncId, type) {
      if (type !== 'Timeout') return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const stack = new Error('timer created').stack ?? '';
      Error.stackTraceLimit = limit;
      if (frame.test(stack)) pending.set(asyncId, stack);
    },
    destroy(asyncId) {
      pending.delete(asyncId);
    },
  });
  hook.enable();
  return {
    live: async () => {
      for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
      return [...pending.values()];
    },
    stop: () => {
      hook.disable();
    },
  };
}
