import { onTestFinished } from 'vitest';

/**
 * Collects, for the current test, every promise rejection nobody handled and every exception thrown
 * out of a callback (a timer, a listener), which would crash a Node process.
 */
export function collectUnhandled(): { readonly failures: unknown[]; drain: () => Promise<unknown[]> } {
  const failures: unknown[] = [];
  const record = (reason: unknown) => void failures.push(reason);
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  onTestFinished(() => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
  });
  return {
    failures,
    // Node reports an unhandled rejection once the microtask queue has drained.
    drain: async () => {
      for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
      return failures;
    },
  };
}

/**
 * For a test that expects exceptions thrown out of callbacks: takes the process's `uncaughtException`
 * listeners (vitest's, which would fail the run) off for the test and collects what is thrown instead.
 */
export function catchUncaught(): unknown[] {
  const thrown: unknown[] = [];
  const others = process.listeners('uncaughtException');
  const record = (error: unknown) => void thrown.push(error);
  process.removeAllListeners('uncaughtException');
  process.on('uncaughtException', record);
  onTestFinished(() => {
    process.off('uncaughtException', record);
    for (const listener of others) process.on('uncaughtException', listener);
  });
  return thrown;
}
