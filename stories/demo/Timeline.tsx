import { type ReactNode, useMemo } from 'react';
import { useDemoServices } from './demo-context.ts';
import { AUTH_LANE, buildTimeline, type MarkKind, type TimelineMark, type TokenLane } from './timeline.ts';
import { useLog } from './use-log.ts';

const WIDTH = 720;
const GUTTER = 64;
const RIGHT = 14;
const AXIS = 22;
const LANE = 26;
const BAR = 12;
/** Marks closer than this many pixels, on one lane and of one kind, are drawn once with a count. */
const BUCKET_PX = 6;

const COLORS: Record<MarkKind, string> = {
  ok: '#17803d',
  retried: '#17803d',
  expired: '#b42318',
  failed: '#b42318',
  pending: '#8a92a3',
  'renewed-early': '#2563eb',
};

const LABELS: Record<MarkKind, string> = {
  ok: 'ok',
  retried: 'retried, ok',
  expired: 'expired answer',
  failed: 'failed',
  pending: 'waiting',
  'renewed-early': 'renewed before expiry',
};

/** One symbol per kind, centred on (x, y): shape tells the kinds apart without relying on colour. */
export function MarkSymbol({ kind, x, y, auth = false }: { kind: MarkKind; x: number; y: number; auth?: boolean }) {
  const color = COLORS[kind];
  if (auth && kind === 'ok') return <path d={`M${x} ${y - 6} L${x + 5.5} ${y + 4} L${x - 5.5} ${y + 4} Z`} fill="#2563eb" />;
  switch (kind) {
    case 'expired':
      return <path d={`M${x - 4.5} ${y - 4.5} L${x + 4.5} ${y + 4.5} M${x + 4.5} ${y - 4.5} L${x - 4.5} ${y + 4.5}`} stroke={color} strokeWidth={2.6} />;
    case 'failed':
      return <rect x={x - 4} y={y - 4} width={8} height={8} fill={color} />;
    case 'pending':
      return <circle cx={x} cy={y} r={4} fill="#fff" stroke={color} strokeWidth={1.5} />;
    case 'renewed-early':
      return <path d={`M${x} ${y - 6} L${x + 6} ${y} L${x} ${y + 6} L${x - 6} ${y} Z`} fill={color} stroke="#fff" strokeWidth={1} />;
    case 'retried':
      return (
        <g>
          <circle cx={x} cy={y} r={7} fill="none" stroke="#d97706" strokeWidth={2} />
          <circle cx={x} cy={y} r={3.5} fill={color} />
        </g>
      );
    case 'ok':
      return <circle cx={x} cy={y} r={4} fill={color} />;
  }
}

interface Bucket {
  mark: TimelineMark;
  x: number;
  count: number;
}

function bucketed(marks: readonly TimelineMark[], xOf: (time: number) => number): Bucket[] {
  const buckets = new Map<string, Bucket>();
  for (const mark of marks) {
    const x = xOf(mark.time);
    const key = `${mark.lane}|${mark.kind}|${Math.round(x / BUCKET_PX)}`;
    const bucket = buckets.get(key);
    if (bucket === undefined) buckets.set(key, { mark, x, count: 1 });
    else bucket.count += 1;
  }
  return [...buckets.values()];
}

function tickStep(spanMs: number): number {
  const steps = [250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
  return steps.find((step) => spanMs / step <= 8) ?? 1_800_000;
}

function LaneBar({ lane, y, xOf, end }: { lane: TokenLane; y: number; xOf: (t: number) => number; end: number }) {
  const top = y - BAR / 2;
  const validUntil = Math.min(lane.cutAt ?? lane.expiresAt ?? end, end);
  const usedUntil = Math.min(lane.renewedEarlyAt ?? validUntil, validUntil);
  const x0 = xOf(lane.issuedAt);
  const parts: ReactNode[] = [
    <rect key="used" x={x0} y={top} width={Math.max(2, xOf(usedUntil) - x0)} height={BAR} rx={3} fill="#cfe0fb" stroke="#2563eb" strokeWidth={1} />,
  ];
  // Still valid after the client moved on to the next token: drawn fainter.
  if (usedUntil < validUntil) {
    parts.push(<rect key="spare" x={xOf(usedUntil)} y={top} width={xOf(validUntil) - xOf(usedUntil)} height={BAR} rx={3} fill="#eef3fb" stroke="#9db8e8" strokeDasharray="3 2" />);
  }
  // Expired by the service before its exp: the life it would have had, as an outline.
  if (lane.cutAt !== null) {
    const would = Math.min(lane.expiresAt ?? end, end);
    if (would > lane.cutAt) {
      parts.push(<rect key="cut" x={xOf(lane.cutAt)} y={top} width={xOf(would) - xOf(lane.cutAt)} height={BAR} rx={3} fill="none" stroke="#e4a3a0" strokeDasharray="2 3" />);
    }
    parts.push(<line key="cut-edge" x1={xOf(lane.cutAt)} x2={xOf(lane.cutAt)} y1={top - 3} y2={top + BAR + 3} stroke="#b42318" strokeWidth={2} />);
  }
  // Lives on past the right edge of the picture.
  if (lane.cutAt === null && (lane.expiresAt === null || lane.expiresAt > end)) {
    const x = xOf(end);
    parts.push(<path key="more" d={`M${x - 2} ${top - 1} L${x + 5} ${y} L${x - 2} ${top + BAR + 1} Z`} fill="#2563eb" />);
  }
  return <g>{parts}</g>;
}

function Legend() {
  const kinds: MarkKind[] = ['ok', 'retried', 'expired', 'failed', 'renewed-early'];
  return (
    <ul className="timeline-legend">
      <li>
        <svg width="16" height="14" aria-hidden="true">
          <MarkSymbol kind="ok" x={8} y={7} auth />
        </svg>
        /v1/auth call
      </li>
      <li>
        <svg width="22" height="14" aria-hidden="true">
          <rect x={1} y={2} width={20} height={10} rx={3} fill="#cfe0fb" stroke="#2563eb" />
        </svg>
        token in use
      </li>
      {kinds.map((kind) => (
        <li key={kind}>
          <svg width="16" height="14" aria-hidden="true">
            <MarkSymbol kind={kind} x={8} y={7} />
          </svg>
          {LABELS[kind]}
        </li>
      ))}
    </ul>
  );
}

/**
 * The request log as a picture: one bar per token, from the /v1/auth call that issued it to its
 * expiry (or to the server's "expired", or to the next token when renewed early), and each request as
 * a mark on the bar of the token it carried. A storm shows as one cluster of expired marks, a single
 * auth triangle, and one cluster of retried marks on the next bar.
 */
export function Timeline() {
  const rows = useLog();
  const demo = useDemoServices();
  const model = useMemo(() => buildTimeline(rows, demo.services), [rows, demo]);
  const { start, end, lanes, marks } = model;
  const laneNames = [AUTH_LANE, ...lanes.map((lane) => lane.token)];
  const height = AXIS + laneNames.length * LANE + 4;
  const xOf = (time: number) => GUTTER + ((time - start) / (end - start)) * (WIDTH - GUTTER - RIGHT);
  const yOf = (lane: string) => AXIS + (Math.max(0, laneNames.indexOf(lane)) + 0.5) * LANE;
  const step = tickStep(end - start);
  const ticks = Array.from({ length: Math.floor((end - start) / step) + 1 }, (_, i) => start + i * step);
  const count = (kind: MarkKind) => marks.filter((mark) => mark.kind === kind).length;
  return (
    <section className="panel timeline" aria-label="Token timeline">
      <h2>Timeline</h2>
      <p data-testid="timeline-summary">
        {`${lanes.length} tokens · ${count('renewed-early')} renewed early · ${count('expired')} expired · ${count('retried')} retried`}
      </p>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label="Token lifetimes and the requests each one carried">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={xOf(tick)} x2={xOf(tick)} y1={AXIS - 4} y2={height} stroke="#eef0f4" />
            <text x={xOf(tick)} y={AXIS - 8} fontSize={10} textAnchor="middle" fill="#5a6478">{`+${((tick - start) / 1000).toFixed(step < 1000 ? 2 : 0)} s`}</text>
          </g>
        ))}
        {laneNames.map((name) => (
          <text key={name} x={GUTTER - 8} y={yOf(name) + 4} fontSize={11} textAnchor="end" fill="#1d2330" fontFamily="ui-monospace, monospace">
            {name}
          </text>
        ))}
        {lanes.map((lane) => (
          <g key={lane.token} data-testid="timeline-lane" data-token={lane.token} data-cut={lane.cutAt !== null} data-renewed-early={lane.renewedEarlyAt !== null}>
            <LaneBar lane={lane} y={yOf(lane.token)} xOf={xOf} end={end} />
          </g>
        ))}
        {bucketed(marks, xOf).map(({ mark, x, count: n }) => (
          <g key={`${mark.lane}|${mark.kind}|${x}`} data-testid="timeline-mark" data-lane={mark.lane} data-kind={mark.kind} data-count={n}>
            <title>{`${mark.call} · ${LABELS[mark.kind]}${n > 1 ? ` ×${n}` : ''} · +${((mark.time - start) / 1000).toFixed(3)} s`}</title>
            <MarkSymbol kind={mark.kind} x={x} y={yOf(mark.lane)} auth={mark.lane === AUTH_LANE} />
            {n > 1 && (
              <text x={x} y={yOf(mark.lane) - 9} fontSize={9} textAnchor="middle" fill="#1d2330">{`×${n}`}</text>
            )}
          </g>
        ))}
      </svg>
      <Legend />
    </section>
  );
}
