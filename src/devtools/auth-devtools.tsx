import { useState } from 'react';
import { PanelView, type AuthDevtoolsPanelProps } from './auth-devtools-panel.js';
import { usePanelLayout } from './panel-layout.js';
import { ResizeHandle } from './resize-handle.js';
import { DEVTOOLS_CSS } from './styles.js';
import { useDevtoolsClient } from './use-devtools-client.js';
import { useEventLog } from './use-event-log.js';
import { useSubscriptionRows } from './subscription-rows.js';

export type AuthDevtoolsPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

export interface AuthDevtoolsProps extends AuthDevtoolsPanelProps {
  /** Open at first render. Default false. */
  initialIsOpen?: boolean | undefined;
  /** The corner of the button, and the edge (top or bottom) the panel first docks to. Default 'bottom-right'. */
  position?: AuthDevtoolsPosition | undefined;
}

/**
 * A floating button that opens the auth panel, docked across the bottom (or top) of the window as
 * TanStack Query's devtools dock theirs: resizable from its edge, movable to the other edge, closed
 * back to the button; its dock and height kept across reloads. Logs the client's events from its
 * mount, open or not, so opening it shows what happened before. Fixed: nothing in the host app moves.
 */
export function AuthDevtools({ client: given, styleNonce, initialIsOpen = false, position = 'bottom-right' }: AuthDevtoolsProps) {
  const client = useDevtoolsClient(given);
  const events = useEventLog(client);
  const subscriptions = useSubscriptionRows(client);
  const [open, setOpen] = useState(initialIsOpen);
  const [layout, changeLayout] = usePanelLayout(position.startsWith('top') ? 'top' : 'bottom');
  const style = <style nonce={styleNonce}>{DEVTOOLS_CSS}</style>;
  if (!open) {
    return (
      <div className={`gjad-root gjad-${position}`}>
        {style}
        <button
          type="button"
          className="gjad-toggle"
          onClick={() => {
            setOpen(true);
          }}
        >
          Open auth devtools
        </button>
      </div>
    );
  }
  return (
    <div className={`gjad-root gjad-${position} gjad-docked gjad-dock-${layout.dock}`} style={{ height: layout.height }}>
      {style}
      <ResizeHandle
        dock={layout.dock}
        height={layout.height}
        onResize={(height) => {
          changeLayout({ height });
        }}
      />
      <PanelView
        client={client}
        events={events}
        subscriptions={subscriptions}
        dock={{
          at: layout.dock,
          move: () => {
            changeLayout({ dock: layout.dock === 'bottom' ? 'top' : 'bottom' });
          },
        }}
        onClose={() => {
          setOpen(false);
        }}
      />
    </div>
  );
}
