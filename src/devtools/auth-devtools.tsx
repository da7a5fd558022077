import { useState } from 'react';
import { PanelView, type AuthDevtoolsPanelProps } from './auth-devtools-panel.js';
import { DEVTOOLS_CSS } from './styles.js';
import { useDevtoolsClient } from './use-devtools-client.js';
import { useEventLog } from './use-event-log.js';

export type AuthDevtoolsPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

export interface AuthDevtoolsProps extends AuthDevtoolsPanelProps {
  /** Open at first render. Default false. */
  initialIsOpen?: boolean | undefined;
  /** The corner the button and the panel float in. Default 'bottom-right'. */
  position?: AuthDevtoolsPosition | undefined;
}

/**
 * A floating button that opens the auth panel. Logs the client's events from its mount, open or not,
 * so opening it shows what happened before. Fixed in a corner: nothing in the host app moves.
 */
export function AuthDevtools({ client: given, styleNonce, initialIsOpen = false, position = 'bottom-right' }: AuthDevtoolsProps) {
  const client = useDevtoolsClient(given);
  const events = useEventLog(client);
  const [open, setOpen] = useState(initialIsOpen);
  return (
    <div className={`gjad-root gjad-${position}`}>
      <style nonce={styleNonce}>{DEVTOOLS_CSS}</style>
      {open ? (
        <PanelView
          client={client}
          events={events}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="gjad-toggle"
          onClick={() => {
            setOpen(true);
          }}
        >
          Open auth devtools
        </button>
      )}
    </div>
  );
}
