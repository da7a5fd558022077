import type { AuthEvent } from '../core/session/auth-events.js';

const WIDTH = 520;
const LANE = 12;

interface Lane {
  tag: string;
  from: number;
  to: number;
  /** The service refused it before its expiry (an expired or refused answer). */
  cut: boolean;
}

/** Each token as a lane from when the client got it to its expiry, or to the answer that refused it. */
function lanesOf(events: readonly AuthEvent[]): Lane[] {
  const lanes = new Map<string, Lane>();
  for (const event of events) {
    if ((event.type === 'exchange-end' && event.ok) || event.type === 'token-adopted') {
      if (!lanes.has(event.tokenTag)) lanes.set(event.tokenTag, { tag: event.tokenTag, from: event.at, to: event.expiresAt, cut: false });
    } else if (event.type === 'operation' && (event.outcome === 'expired' || event.outcome === 'refused') && event.tokenTag !== null) {
      const lane = lanes.get(event.tokenTag);
      if (lane !== undefined && event.at < lane.to) Object.assign(lane, { to: event.at, cut: true });
    }
  }
  return [...lanes.values()];
}

/** What a mark on a lane says of an attempt. */
function markKind(event: Extract<AuthEvent, { type: 'operation' }>): string {
  if (event.outcome === 'expired' || event.outcome === 'refused') return 'expired';
  return event.retry ? 'retried' : event.outcome === 'ok' ? 'ok' : 'failed';
}

const COLOURS: Record<string, string> = { ok: '#7ee787', expired: '#ff7b72', retried: '#d2a8ff', failed: '#ffa657' };

/**
 * The tokens' lives and the attempts sent with each, from the client's events: a lane per token (cut
 * short where the service refused it), a mark per attempt. The window runs from the first event to now.
 */
export function TokenTimeline({ events, now }: { events: readonly AuthEvent[]; now: number }) {
  const lanes = lanesOf(events);
  const operations = events.filter((event): event is Extract<AuthEvent, { type: 'operation' }> => event.type === 'operation');
  const start = events[0]?.at ?? now;
  const end = Math.max(now, events.at(-1)?.at ?? now, start + 1);
  const x = (at: number) => ((Math.min(at, end) - start) / (end - start)) * WIDTH;
  const expired = operations.filter((event) => markKind(event) === 'expired').length;
  const retried = operations.filter((event) => markKind(event) === 'retried').length;
  const summary = `${String(lanes.length)} tokens · ${String(expired)} expired · ${String(retried)} retried`;
  return (
    <svg className="gjad-timeline" role="img" aria-label={`Token timeline: ${summary}`} viewBox={`0 0 ${String(WIDTH)} ${String(Math.max(1, lanes.length) * LANE)}`}>
      {lanes.map((lane, index) => (
        <g key={lane.tag} data-token={lane.tag} data-cut={String(lane.cut)}>
          <rect x={x(lane.from)} y={index * LANE + 3} width={Math.max(1, x(lane.to) - x(lane.from))} height={LANE - 6} rx={2} fill={lane.cut ? '#6e3630' : '#2f4a6d'} />
          {operations
            .filter((event) => event.tokenTag === lane.tag)
            .map((event, mark) => (
              <circle key={mark} cx={x(event.at)} cy={index * LANE + LANE / 2} r={3} fill={COLOURS[markKind(event)]} data-kind={markKind(event)} />
            ))}
        </g>
      ))}
    </svg>
  );
}
