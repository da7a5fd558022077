/**
 * Resolves when the page is visible: at once where it is, or where there is no page (Node, React
 * Native, a worker); otherwise on the `visibilitychange` that shows it, or when `signal` aborts.
 * A loop that polls waits here, so a tab in the background sends nothing and polls again as soon as
 * the user is back (timers are also held while a laptop sleeps, so waking ends the wait the same way).
 */
export function pageVisible(signal: AbortSignal | undefined): Promise<void> {
  const doc = globalThis.document as Document | undefined;
  if (doc?.visibilityState !== 'hidden' || signal?.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      doc.removeEventListener('visibilitychange', onChange);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const onChange = () => {
      if (doc.visibilityState !== 'hidden') done();
    };
    doc.addEventListener('visibilitychange', onChange);
    signal?.addEventListener('abort', done, { once: true });
  });
}
