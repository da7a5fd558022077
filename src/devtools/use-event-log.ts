import { useState } from 'react';
import type { AuthClient } from '../core/client/types.js';
import type { AuthEvent } from '../core/session/auth-events.js';
import { useIsomorphicLayoutEffect } from '../react/use-latest.js';

/** How many events the log keeps: enough for a few renewals, bounded in a long-lived tab. */
export const KEPT_EVENTS = 200;

/** The client's events since the component mounted, oldest first, the last KEPT_EVENTS of them. */
export function useEventLog(client: AuthClient): AuthEvent[] {
  const [events, setEvents] = useState<AuthEvent[]>([]);
  // Subscribed in the layout phase: the queries beside it start fetching in their passive effects, and
  // the log would miss the exchange their first render starts.
  useIsomorphicLayoutEffect(
    () =>
      client.onEvent((event) => {
        setEvents((kept) => [...kept.slice(1 - KEPT_EVENTS), event]);
      }),
    [client],
  );
  return events;
}
