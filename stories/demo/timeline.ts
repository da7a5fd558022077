import { decodeJwtClaims } from '../../src/index.js';
import type { MockService } from '../../src/testing/index.ts';
import type { LogRow } from './log.ts';

/** How a request fared, as the timeline draws it. `renewed-early` marks a token replaced before its expiry. */
export type MarkKind = 'ok' | 'retried' | 'expired' | 'failed' | 'pending' | 'renewed-early';

/** One token's life: from the /v1/auth call that issued it to its expiry, or to what ended it first. */
export interface TokenLane {
  /** The request log's label, `us#2`. */
  readonly token: string;
  readonly issuedAt: number;
  /** Its `exp`, by the service's clock; null if the token has none. */
  readonly expiresAt: number | null;
  /** The service's first "expired" answer for it, when that came before `exp` (expired server side). */
  readonly cutAt: number | null;
  /** When the next token of its region was issued while this one was still good: a proactive renewal. */
  readonly renewedEarlyAt: number | null;
}

export interface TimelineMark {
  /** A token label, or AUTH_LANE for the /v1/auth calls themselves. */
  readonly lane: string;
  readonly time: number;
  readonly kind: MarkKind;
  /** What was called: the GraphQL operation, or `POST /v1/auth`. */
  readonly call: string;
}

export interface TimelineModel {
  readonly start: number;
  readonly end: number;
  readonly lanes: readonly TokenLane[];
  readonly marks: readonly TimelineMark[];
}

export const AUTH_LANE = '/v1/auth';

/** `exp` in ms for every token a service issued, by its log label. */
function expiryByLabel(services: readonly MockService[]): Map<string, number | null> {
  const expiries = new Map<string, number | null>();
  for (const service of services) {
    for (const token of service.issuedTokens) {
      const exp = decodeJwtClaims(token)?.exp;
      expiries.set(service.tokenTag(token), typeof exp === 'number' ? exp * 1000 : null);
    }
  }
  return expiries;
}

function graphqlKind(row: LogRow): MarkKind {
  if (row.expired) return 'expired';
  if (row.status === 0) return 'pending';
  if (row.status >= 300) return 'failed';
  return row.retried ? 'retried' : 'ok';
}

function authKind(row: LogRow): MarkKind {
  if (row.status === 0) return 'pending';
  return row.status === 200 ? 'ok' : 'failed';
}

const isIssuing = (row: LogRow) => row.kind === 'auth' && row.status === 200 && row.token !== '—';

/** Token lanes in issue order; a lane ends early when the service expired it or the client renewed it. */
function lanesOf(rows: readonly LogRow[], services: readonly MockService[]): TokenLane[] {
  const expiries = expiryByLabel(services);
  const firstExpired = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 'graphql' && row.expired && !firstExpired.has(row.token)) firstExpired.set(row.token, row.time);
  }
  const issued = rows.filter(isIssuing);
  return issued.map((row, index) => {
    const expiresAt = expiries.get(row.token) ?? null;
    const expired = firstExpired.get(row.token);
    const cutAt = expired !== undefined && (expiresAt === null || expired < expiresAt) ? expired : null;
    const goodUntil = cutAt ?? expiresAt ?? Infinity;
    const next = issued.slice(index + 1).find((other) => other.region === row.region);
    const renewedEarlyAt = next !== undefined && next.time < goodUntil ? next.time : null;
    return { token: row.token, issuedAt: row.time, expiresAt, cutAt, renewedEarlyAt };
  });
}

/** The picture's data, derived only from the request log and the tokens the services issued. */
export function buildTimeline(rows: readonly LogRow[], services: readonly MockService[]): TimelineModel {
  const lanes = lanesOf(rows, services);
  const marks: TimelineMark[] = rows.map((row) =>
    row.kind === 'auth'
      ? { lane: AUTH_LANE, time: row.time, kind: authKind(row), call: 'POST /v1/auth' }
      : { lane: row.token, time: row.time, kind: graphqlKind(row), call: row.operation },
  );
  for (const lane of lanes) {
    if (lane.renewedEarlyAt !== null) {
      marks.push({ lane: lane.token, time: lane.renewedEarlyAt, kind: 'renewed-early', call: 'renewed before expiry' });
    }
  }
  const times = marks.map((mark) => mark.time);
  const start = times.length === 0 ? 0 : Math.min(...times);
  const last = times.length === 0 ? 0 : Math.max(...times);
  // Room after the last event, so its mark is not on the edge; at least two seconds in view.
  const end = Math.max(last + Math.max(400, (last - start) * 0.06), start + 2000);
  return { start, end, lanes, marks };
}
