import { useState } from 'react';
import type { AuthClient } from '../core/client/types.js';
import { useIsomorphicLayoutEffect } from '../react/use-latest.js';
import { foldSubscriptionEvent, type SubscriptionRow } from './subscription-model.js';

function renewalsText({ renewals }: SubscriptionRow): string {
  const moved = Object.entries(renewals).filter(([, count]) => count > 0);
  return moved.length === 0 ? '—' : moved.map(([reason, count]) => `${String(count)} ${reason}`).join(', ');
}

/** The client's subscriptions since the component mounted, as the event log keeps its events (open or not). */
export function useSubscriptionRows(client: AuthClient): readonly SubscriptionRow[] {
  const [rows, setRows] = useState<readonly SubscriptionRow[]>([]);
  // In the layout phase, as the event log: a subscription started by the first render's effects is seen.
  useIsomorphicLayoutEffect(
    () =>
      client.onEvent((event) => {
        setRows((current) => foldSubscriptionEvent(current, event));
      }),
    [client],
  );
  return rows;
}

/**
 * The client's subscriptions, a row per operation and transport: how many are live, the token the
 * last connection presented, its moves to new tokens by reason, how the last one ended. Shown once
 * the client has subscribed at all.
 */
export function SubscriptionRows({ rows }: { rows: readonly SubscriptionRow[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="gjad-subscriptions" aria-label="Subscriptions">
      <thead>
        <tr>
          <th scope="col">Subscription</th>
          <th scope="col">Live</th>
          <th scope="col">Token</th>
          <th scope="col">Renewed</th>
          <th scope="col">Last end</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-subscription={row.key}>
            <th scope="row">{row.key}</th>
            <td>{row.live}</td>
            <td>{row.tokenTag ?? '—'}</td>
            <td>{renewalsText(row)}</td>
            <td>{row.lastEnd ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
