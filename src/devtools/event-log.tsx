import { useState } from 'react';
import type { AuthEvent } from '../core/session/auth-events.js';
import { describeEvent } from './describe-event.js';

/** A stable React key per event: the log drops its oldest events, so positions shift. */
const keys = new WeakMap<AuthEvent, number>();
let nextKey = 0;
function keyOf(event: AuthEvent): number {
  let key = keys.get(event);
  if (key === undefined) {
    key = nextKey++;
    keys.set(event, key);
  }
  return key;
}

/** One line, wrapped where it is long; opened, the whole event as JSON (an event holds no key and no token). */
function EventLine({ event }: { event: AuthEvent }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <details
        onToggle={(toggled) => {
          setOpen(toggled.currentTarget.open);
        }}
      >
        <summary>{describeEvent(event)}</summary>
        {/* Rendered only while open, so a closed line's text is the line alone. */}
        {open && <pre>{JSON.stringify(event, null, 2)}</pre>}
      </details>
    </li>
  );
}

/** The client's events, oldest first: the log a person reads, each event whole on demand. */
export function EventLog({ events }: { events: readonly AuthEvent[] }) {
  return (
    <ol aria-label="Auth events">
      {events.map((event) => (
        <EventLine key={keyOf(event)} event={event} />
      ))}
    </ol>
  );
}
