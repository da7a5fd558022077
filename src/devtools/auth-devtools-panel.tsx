import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AuthClient } from '../core/client/types.js';
import { type AuthEvent, tokenTag } from '../core/session/auth-events.js';
import { EventLog } from './event-log.js';
import type { PanelDock } from './panel-layout.js';
import { DEVTOOLS_CSS } from './styles.js';
import type { SubscriptionRow } from './subscription-model.js';
import { SubscriptionRows, useSubscriptionRows } from './subscription-rows.js';
import { TokenTimeline } from './token-timeline.js';
import { useDevtoolsClient } from './use-devtools-client.js';
import { useEventLog } from './use-event-log.js';

export interface AuthDevtoolsPanelProps {
  /** Default: the nearest `<AuthProvider>`'s (or `<AuthClientProvider>`'s) client. */
  client?: AuthClient | undefined;
  /** The nonce of the devtools' one `<style>` element, for a Content-Security-Policy without 'unsafe-inline'. */
  styleNonce?: string | undefined;
}

/** The clock, read once a second while something shows a countdown. */
function useSecondClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

function expiryText(expiresAt: number | null, now: number): string {
  if (expiresAt === null) return '—';
  const seconds = Math.round((expiresAt - now) / 1_000);
  return seconds > 0 ? `in ${String(seconds)} s (${new Date(expiresAt).toISOString().slice(11, 19)} UTC)` : 'expired';
}

export interface PanelViewProps {
  client: AuthClient;
  events: readonly AuthEvent[];
  /** The client's subscriptions, folded from its events since the devtools mounted. */
  subscriptions: readonly SubscriptionRow[];
  onClose?: (() => void) | undefined;
  /** Where the floating panel is docked, and how to dock it to the other edge. */
  dock?: { at: PanelDock; move: () => void } | undefined;
}

/**
 * What the panel shows: the client's state, live, its actions and timeline beside (or, narrow, above)
 * its event log.
 */
export function PanelView({ client, events, subscriptions, onClose, dock }: PanelViewProps) {
  const state = useSyncExternalStore(client.store.subscribe, client.store.getState, client.store.getState);
  const now = useSecondClock();
  const rows: Array<[string, string]> = [
    ['Status', state.status],
    ['Region', state.region ?? (client.identity.region || '—')],
    ['Token', state.token === null ? '—' : tokenTag(state.token)],
    ['Expires', expiryText(state.expiresAt, now)],
    ['Last error', state.error === null ? '—' : `${state.error.name}: ${state.error.message}`],
  ];
  return (
    <section className="gjad-panel" aria-label="Auth devtools">
      <div className="gjad-side">
        <dl>
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="gjad-actions">
          <button
            type="button"
            onClick={() => {
              // The outcome shows in the store (status, last error) and in the log.
              client.refresh().catch(() => undefined);
            }}
          >
            Renew now
          </button>
          <button
            type="button"
            onClick={() => {
              client.signOut();
            }}
          >
            Sign out
          </button>
          {dock !== undefined && (
            <button type="button" onClick={dock.move}>
              {dock.at === 'bottom' ? 'Move to top' : 'Move to bottom'}
            </button>
          )}
          {onClose !== undefined && (
            <button type="button" onClick={onClose}>
              Close auth devtools
            </button>
          )}
        </div>
        <TokenTimeline events={events} now={now} />
        <SubscriptionRows rows={subscriptions} />
      </div>
      <EventLog events={events} />
    </section>
  );
}

/** The devtools' panel alone, to embed in a page or another devtools host. Logs the events since it mounted. */
export function AuthDevtoolsPanel({ client: given, styleNonce }: AuthDevtoolsPanelProps) {
  const client = useDevtoolsClient(given);
  const events = useEventLog(client);
  const subscriptions = useSubscriptionRows(client);
  return (
    <div className="gjad-embedded">
      <style nonce={styleNonce}>{DEVTOOLS_CSS}</style>
      <PanelView client={client} events={events} subscriptions={subscriptions} />
    </div>
  );
}
