import { cpus } from 'node:os';
import type { BundleRow } from './scenarios/bundle.js';
import type { DayRow } from './scenarios/day.js';
import type { LateRow } from './scenarios/late-expired.js';
import type { RendersRow } from './scenarios/renders.js';
import type { SteadyRow } from './scenarios/steady.js';
import type { StormRow } from './scenarios/storm.js';
import { fmt } from './support/stats.js';

export interface Results {
  storm: StormRow[];
  late: LateRow[];
  steady: SteadyRow[];
  day: DayRow[];
  bundle: BundleRow[];
  renders: RendersRow[];
  startedAt: Date;
  seconds: number;
  loadAtStart: number;
}

export const OURS = 'graphql-jwt-auth-react';

const table = (head: string[], rows: Array<Array<string | number>>) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

const kB = (bytes: number | null) => (bytes === null ? '—' : `${fmt(bytes / 1000, 2)} kB`);
const pct = (ratio: number) => `${ratio >= 0 ? '+' : ''}${fmt(ratio * 100)} %`;
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

/** Our figures against the issue's targets, one line per scenario. */
function targets(r: Results): string {
  const stormOurs = r.storm.filter((row) => row.contender === OURS);
  const late = r.late.find((row) => row.contender === OURS);
  const steady = r.steady.find((row) => row.contender === OURS);
  const day = r.day.find((row) => row.contender === OURS);
  const renders = r.renders.find((row) => row.contender === OURS);
  const entry = r.bundle[0];
  const rows: string[][] = [
    ...stormOurs.map((row) =>
      row.kind === 'clock'
        ? [
            `1. Storm, N = ${row.n}, token's hour over`,
            '1 auth call, ≤ 2 sends/op, ≤ 1.2 × floor',
            `${row.authCalls} auth, ${fmt(row.sendsPerOperation, 2)} sends/op, ${fmt(row.ratio, 2)} × floor`,
            mark(row.authCalls === 1 && row.sendsPerOperation <= 2 && row.ratio <= 1.2 && row.failed === 0),
          ]
        : [
            `1. Storm, N = ${row.n}, token revoked early`,
            '1 auth call, ≤ 2 sends/op (the floor has no expired round: see below)',
            `${row.authCalls} auth, ${fmt(row.sendsPerOperation, 2)} sends/op, ${fmt(row.ratio, 2)} × floor`,
            mark(row.authCalls === 1 && row.sendsPerOperation <= 2 && row.failed === 0),
          ],
    ),
    ['2. Late expired answers', '0 extra auth calls', `${late?.extraAuthCalls ?? '—'}`, mark(late?.extraAuthCalls === 0)],
    ['3. Steady overhead', '≤ +5 % vs bare graphql-request', steady ? pct(steady.overhead) : '—', mark((steady?.overhead ?? 1) <= 0.05)],
    [
      '4. A day of traffic',
      '24–25 auth calls, 0 expired answers',
      `${day?.authCalls ?? '—'} auth calls, ${day?.expiredAnswers ?? '—'} expired`,
      mark(day !== undefined && day.authCalls >= 24 && day.authCalls <= 25 && day.expiredAnswers === 0),
    ],
    ['5. Bundle (our code, deps external)', '3 kB gz to start', kB(entry?.gzipBytes ?? null), mark((entry?.gzipBytes ?? Infinity) <= 3000)],
    ['6. Re-renders on refresh (20 components)', '0', `${renders?.renders ?? '—'}`, mark(renders?.renders === 0)],
  ];
  return table(['Scenario', 'Target', 'Ours', ''], rows);
}

export function renderResults(r: Results): string {
  const cpu = cpus();
  return `# Benchmark results

Written by \`npm run bench\` (\`bench/run.ts\`). Every client talks to the same loopback mock service
(\`test/support\`, real HTTP on 127.0.0.1, real HS256 JWTs, graphql-js) running in the same process.
Medians over rounds; ratios are taken within a round, contenders in rotated order.

- Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores (shared; load average ${fmt(r.loadAtStart, 2)} at start)
- Node ${process.version}, ${process.platform}/${process.arch}
- Date: ${r.startedAt.toISOString()}; the whole run took ${fmt(r.seconds, 0)} s

## Against the targets

${targets(r)}

## 1. Storm — the token expires server-side, then N operations start at once

Floor: one \`/v1/auth\` round trip plus the same N operations sent once by bare graphql-request with
a fresh token (what an oracle that knew the token had expired would need), measured in the same round.

${table(
  ['N', 'Contender', '/v1/auth calls', 'Sends / op', 'Settled in', 'Floor', '× floor', 'Failed'],
  r.storm.map((row) => [row.kind === 'clock' ? 'hour over' : 'revoked', row.n, row.contender, row.authCalls, fmt(row.sendsPerOperation, 2), `${fmt(row.ms)} ms`, `${fmt(row.floorMs)} ms`, fmt(row.ratio, 2), row.failed]),
)}

## 2. Late expired answers — sent with the old token, answered after the refresh finished

The service revokes the token; 10 operations are sent with it and their expired answers held back;
an 11th meets the expiry, refreshes and succeeds; then the held answers arrive one at a time, each
after the previous operation settled (slow queries answering late). Medians of 3 rounds.

${table(
  ['Contender', 'Late answers', 'Extra /v1/auth calls', 'Failed'],
  r.late.map((row) => [row.contender, row.late, row.extraAuthCalls, row.failed]),
)}

## 3. Steady overhead — sequential requests with a valid token

Contenders take turns in chunks of 50 requests within each round; the overhead is the median over
rounds of (time / bare graphql-request's time in the same round) − 1. The mock service runs in the
same process, so its work is part of every request; on a shared machine a few % is within the noise.

${table(
  ['Contender', 'Requests', 'µs / request', 'vs bare graphql-request'],
  r.steady.map((row) => [row.contender, row.requests, fmt(row.usPerRequest, 0), row.overhead === 0 ? '—' : pct(row.overhead)]),
)}

## 4. A day of traffic — fake clock, 1-hour tokens, one request a minute for 24 hours

The service and the client read the same fake clock; renewal timers never fire (real time barely
moves), so renewing ahead of expiry happens on the send path or not at all.

${table(
  ['Contender', 'Requests', '/v1/auth calls', 'Expired answers seen', 'Failed'],
  r.day.map((row) => [row.contender, row.requests, row.authCalls, row.expiredAnswers, row.failed]),
)}

## 5. Bundle size — minified, gzip

\`entry:\` rows are size-limit (esbuild, minified, gzip) on \`dist/index.js\`, the budgets \`npm test\`
checks (\`.size-limit.json\`). \`app:\` rows are a production vite build of a minimal app per contender
(\`bench/apps/\`: provider + one query, with its auth wiring), every dependency bundled as shipped.

${table(
  ['What', 'Minified', 'Min + gzip'],
  r.bundle.map((row) => [row.what, kB(row.minBytes), kB(row.gzipBytes)]),
)}

## 6. Re-renders — 20 components show query data; the token is refreshed

Real React (profiling build) in jsdom; a \`<Profiler>\` inside each of the 20 components counts its
commits. The by-hand recipe keeps the token in React state and hands it down through context.

${table(
  ['Contender', 'Components', 'Renders caused by the refresh', 'Refetches'],
  r.renders.map((row) => [row.contender, row.components, row.renders, row.refetches]),
)}
`;
}
