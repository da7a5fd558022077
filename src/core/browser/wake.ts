/**
 * Where a client hears that the app is back: `watch` calls `onWake` when it is, and returns the
 * stop. The default is the page's (watchWake below); React Native has no document, so an app there
 * passes `appStateWake(AppState)` from graphql-jwt-auth-react/native as `renewOnWake`.
 */
export interface WakeWatcher {
  /** Names the watcher: a provider compares options by their data, and a function has none. */
  readonly kind: string;
  watch: (onWake: () => void) => () => void;
}

/**
 * Calls `onWake` when the page becomes visible again or the network comes back: timers do not run
 * while a laptop sleeps, so a token can be due, or gone, by the time the user returns. Listens on
 * `document` and in the capture phase on `window`, ahead of React Query's own focus and online
 * listeners, so the renewal is under way before refetches ask for a token. A no-op without a DOM.
 */
export function watchWake(onWake: () => void): () => void {
  const doc = globalThis.document as Document | undefined;
  const win = globalThis.window as Window | undefined;
  if (doc === undefined || typeof win?.addEventListener !== 'function') return () => undefined;
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
