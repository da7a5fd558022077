/**
 * Calls `onWake` when the page becomes visible again or the network comes back: timers do not run
 * while a laptop sleeps, so a token can be due, or gone, by the time the user returns. Listens on
 * `document` and in the capture phase on `window`, ahead of React Query's own focus and online
 * listeners, so the renewal is under way before refetches ask for a token. A no-op without a DOM.
 */
export function watchWake(onWake: () => void): () => void {
  const doc = globalThis.document as Document | undefined;
  const win = globalThis.window as Window | undefined;
  if (doc === undefined || win === undefined) return () => undefined;
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') onWake();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('online', onWake, { capture: true });
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('online', onWake, { capture: true });
  };
}
