import type { ReactElement } from 'react';
import type { AuthEvent } from '../core/session/auth-events.js';
import { type MarkKind, TIMELINE_TOKENS, type TokenLane, ticksOf, timelineModel } from './timeline-model.js';

/** Narrower than the floating panel, so the picture (text included) is not scaled down much when embedded in a column. */
const WIDTH = 440;
/** Room for a lane's label: a token tag is at most 11 base-36 characters. */
const GUTTER = 76;
const RIGHT = 10;
const AXIS = 16;
const LANE = 16;
const BAR = 8;
const FONT_PX = 10;
/** A monospace character's advance at FONT_PX (0.6 em, with a margin for fonts a little wider). */
const CHAR_PX = 6.5;
const TICK_GAP_PX = 12;
/** Always TIMELINE_TOKENS rows high, so the panel does not grow as tokens come. */
const HEIGHT = AXIS + TIMELINE_TOKENS * LANE + 2;

const COLOURS: Record<MarkKind, string> = { ok: '#7ee787', expired: '#ff7b72', retried: '#d2a8ff', failed: '#ffa657', 'renewed-early': '#79c0ff' };

/** One shape per kind, so the kinds differ without colour. */
function MarkShape({ kind, x, y }: { kind: MarkKind; x: number; y: number }): ReactElement {
  const colour = COLOURS[kind];
  switch (kind) {
    case 'expired':
      return <path d={`M${String(x - 4)} ${String(y - 4)}l8 8m0 -8l-8 8`} stroke={colour} strokeWidth={2.2} />;
    case 'failed':
      return <rect x={x - 3.5} y={y - 3.5} width={7} height={7} fill={colour} />;
    case 'renewed-early':
      return <path d={`M${String(x)} ${String(y - 5)}l5 5l-5 5l-5 -5z`} fill={colour} />;
    case 'retried':
      return (
        <g>
          <circle cx={x} cy={y} r={5.5} fill="none" stroke={colour} strokeWidth={1.6} />
          <circle cx={x} cy={y} r={2.5} fill={COLOURS.ok} />
        </g>
      );
    case 'ok':
      return <circle cx={x} cy={y} r={3} fill={colour} />;
  }
}

function laneFill(lane: TokenLane): string {
  return lane.cut ? '#6e3630' : '#2f4a6d';
}

/**
 * The last few tokens' lives and the attempts sent with each, from the client's events: a lane per
 * token (cut short where the service refused it, a diamond where the next token replaced it early), a
 * mark per attempt, ticks relative to now. Bounded: TIMELINE_TOKENS lanes at most, however long the
 * tab lives, and tick labels spaced so they never overlap.
 */
export function TokenTimeline({ events, now }: { events: readonly AuthEvent[]; now: number }) {
  const { start, end, lanes, hidden, marks } = timelineModel(events, now);
  const pxPerMs = (WIDTH - GUTTER - RIGHT) / (end - start);
  const x = (at: number) => GUTTER + (Math.min(Math.max(at, start), end) - start) * pxPerMs;
  const y = (index: number) => AXIS + index * LANE + LANE / 2;
  // A label that would run off the right edge is left out, not clipped.
  const ticks = ticksOf(start, end, now, pxPerMs, CHAR_PX, TICK_GAP_PX).filter((tick) => x(tick.at) + (tick.label.length * CHAR_PX) / 2 <= WIDTH);
  const count = (kind: MarkKind) => marks.filter((mark) => mark.kind === kind).length;
  const tokens = hidden > 0 ? `${String(lanes.length)} of ${String(lanes.length + hidden)} tokens` : `${String(lanes.length)} tokens`;
  const summary = `${tokens} · ${String(count('expired'))} expired · ${String(count('retried'))} retried`;
  return (
    <svg className="gjad-timeline" role="img" aria-label={`Token timeline: ${summary}`} viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`} fontSize={FONT_PX}>
      {ticks.map((tick) => (
        <g key={tick.at} data-tick={tick.label}>
          <line x1={x(tick.at)} x2={x(tick.at)} y1={AXIS - 3} y2={HEIGHT} stroke={tick.at === now ? '#56607a' : '#232a36'} />
          <text x={x(tick.at)} y={AXIS - 5} textAnchor="middle" fill="#9aa4b8">
            {tick.label}
          </text>
        </g>
      ))}
      {lanes.map((lane, index) => (
        <g key={lane.tag} data-token={lane.tag} data-cut={String(lane.cut)} data-renewed-early={String(lane.renewedEarlyAt !== null)}>
          <text x={GUTTER - 6} y={y(index) + FONT_PX / 2 - 1} textAnchor="end" fill="#c9d1d9">
            {lane.tag}
          </text>
          <rect x={x(lane.from)} y={y(index) - BAR / 2} width={Math.max(1, x(lane.to) - x(lane.from))} height={BAR} rx={2} fill={laneFill(lane)} />
          {marks
            .filter((mark) => mark.tag === lane.tag)
            .map((mark, n) => (
              <g key={n} data-kind={mark.kind}>
                <title>{mark.label}</title>
                <MarkShape kind={mark.kind} x={x(mark.at)} y={y(index)} />
              </g>
            ))}
        </g>
      ))}
    </svg>
  );
}
