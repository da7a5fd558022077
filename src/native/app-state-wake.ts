import type { WakeWatcher } from '../core/browser/wake.js';

/** What appStateWake uses of React Native's AppState. */
export interface AppStateLike {
  addEventListener: (type: 'change', listener: (state: string) => void) => { remove: () => void };
}

/**
 * `renewOnWake={appStateWake(AppState)}`: a due token is renewed when the app comes back to the
 * foreground ('active'). Timers do not run while a phone sleeps, so the token may have expired by
 * then; with the renewal under way, the refetches React Query's focus manager starts on the same
 * event wait for it instead of meeting the expired answer.
 */
export function appStateWake(appState: AppStateLike): WakeWatcher {
  return {
    kind: 'appState',
    watch(onWake) {
      const subscription = appState.addEventListener('change', (state) => {
        if (state === 'active') onWake();
      });
      return () => {
        subscription.remove();
      };
    },
  };
}
