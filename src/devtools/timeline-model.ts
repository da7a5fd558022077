import type { AuthEvent } from '../core/session/auth-events.js';

/**
 * How many tokens the timeline draws: the current one and the few before it. A long-lived tab renews
 * forever; a lane per token ever held would grow the picture without end and squash the current
 * token's expiry into a corner.
 */
export const TIMELINE_TOKENS = 4;

export type OperationEvent = Extract<AuthEvent, { type: 'operation' }>;

/** What a mark on a lane says: an attempt's outcome, or the renewal that replaced the token early. */
export type MarkKind = 'ok' | 'expired' | 'retried' | 'failed' | 'renewed-early';

export interface TokenLane {
  tag: string;
  from: number;
  /** Its expiry, or the answer that refused it before then. */
  to: number;
  /** The service refused it before its expiry (an expired or refused answer). */
  cut: boolean;
  /** When the next token came while this one was still good: a renewal before expiry. */
  renewedEarlyAt: number | null;
}

export interface TimelineMark {
  tag: string;
  at: number;
  kind: MarkKind;
  /** What the mark's tooltip says. */
  label: string;
}

export interface TimelineModel {
  start: number;
  end: number;
  /** The last TIMELINE_TOKENS tokens, oldest first. */
  lanes: TokenLane[];
  /** How many older tokens the window leaves out. */
  hidden: number;
  marks: TimelineMark[];
}

type TokenGot = Extract<AuthEvent, { type: 'exchange-end'; ok: true } | { type: 'token-adopted' }>;
const gotToken = (event: AuthEvent): event is TokenGot => (event.type === 'exchange-end' && event.ok) || event.type === 'token-adopted';

/** Each token as a lane from when the client got it to its expiry, or to the answer that refused it. */
function lanesOf(events: readonly AuthEvent[]): TokenLane[] {
  const lanes = new Map<string, TokenLane>();
  for (const event of events) {
    if (gotToken(event)) {
      if (!lanes.has(event.tokenTag)) lanes.set(event.tokenTag, { tag: event.tokenTag, from: event.at, to: event.expiresAt, cut: false, renewedEarlyAt: null });
    } else if (event.type === 'operation' && (event.outcome === 'expired' || event.outcome === 'refused') && event.tokenTag !== null) {
      const lane = lanes.get(event.tokenTag);
      if (lane !== undefined && event.at < lane.to) Object.assign(lane, { to: event.at, cut: true });
    }
  }
  const ordered = [...lanes.values()];
  ordered.forEach((lane, index) => {
    const next = ordered[index + 1];
    if (next !== undefined && !lane.cut && next.from < lane.to) lane.renewedEarlyAt = next.from;
  });
  return ordered;
}

export function markKind(event: OperationEvent): MarkKind {
  if (event.outcome === 'expired' || event.outcome === 'refused') return 'expired';
  return event.retry ? 'retried' : event.outcome === 'ok' ? 'ok' : 'failed';
}

/**
 * The picture's data: the last TIMELINE_TOKENS tokens and the attempts each carried, in a window from
 * the first shown token's start to the later of now and the last expiry, so the current token's
 * expiry is always in view.
 */
export function timelineModel(events: readonly AuthEvent[], now: number): TimelineModel {
  const all = lanesOf(events);
  const lanes = all.slice(-TIMELINE_TOKENS);
  const shown = new Set(lanes.map((lane) => lane.tag));
  const start = lanes[0]?.from ?? events.find(gotToken)?.at ?? now;
  const marks: TimelineMark[] = [];
  for (const event of events) {
    if (event.type === 'operation' && event.tokenTag !== null && shown.has(event.tokenTag) && event.at >= start) {
      marks.push({
        tag: event.tokenTag,
        at: event.at,
        kind: markKind(event),
        label: `${event.operationName || '(anonymous)'} · ${event.outcome}${event.retry ? ' · retry' : ''}`,
      });
    }
  }
  for (const lane of lanes) {
    if (lane.renewedEarlyAt !== null) marks.push({ tag: lane.tag, at: lane.renewedEarlyAt, kind: 'renewed-early', label: 'renewed before expiry' });
  }
  const last = Math.max(now, events.at(-1)?.at ?? now, ...lanes.map((lane) => lane.to));
  return { start, end: Math.max(last, start + 1_000), lanes, hidden: all.length - lanes.length, marks };
}

const TICK_STEPS_MS = [
  100, 250, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000,
];

const pad = (n: number) => String(n).padStart(2, '0');

/** A tick's label, relative to now: `now`, `−0.25 s`, `−30 s`, `+2:30` (min:s), `−1:30 h`. */
export function tickLabel(offsetMs: number): string {
  if (offsetMs === 0) return 'now';
  const sign = offsetMs < 0 ? '−' : '+';
  const ms = Math.abs(offsetMs);
  if (ms < 60_000) return `${sign}${(ms / 1_000).toFixed(2).replace(/\.?0+$/, '')} s`;
  const minutes = Math.round(ms / 60_000);
  if (ms < 3_600_000) return `${sign}${String(Math.floor(ms / 60_000))}:${pad(Math.round(ms / 1_000) % 60)}`;
  return `${sign}${String(Math.floor(minutes / 60))}:${pad(minutes % 60)} h`;
}

export interface Tick {
  at: number;
  label: string;
}

/**
 * Ticks at whole steps before and after now, at the smallest step whose labels, `charPx` wide a
 * character, leave `gapPx` between neighbours (`pxPerMs` is the scale): labels never overlap,
 * whatever the window's span.
 */
export function ticksOf(start: number, end: number, now: number, pxPerMs: number, charPx: number, gapPx: number): Tick[] {
  for (const step of TICK_STEPS_MS) {
    const ticks: Tick[] = [];
    for (let at = now - Math.floor((now - start) / step) * step; at <= end; at += step) ticks.push({ at, label: tickLabel(at - now) });
    const widest = Math.max(0, ...ticks.map((tick) => tick.label.length)) * charPx;
    if (step * pxPerMs >= widest + gapPx) return ticks;
  }
  // A window of days: now alone.
  return now >= start && now <= end ? [{ at: now, label: tickLabel(0) }] : [];
}
