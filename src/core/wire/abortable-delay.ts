/**
 * Resolves after `ms`, or at once when `signal` aborts, clearing its timer then: a loop that waits
 * between requests ends with its caller and leaves no timer behind. Never rejects; the caller reads
 * `signal.aborted`.
 */
export function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
