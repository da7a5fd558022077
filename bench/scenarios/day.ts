import type { ContenderKind } from '../contenders/contender.js';
import { BENCH_API_KEY, startBenchService } from '../support/service.js';

export interface DayRow {
  contender: string;
  requests: number;
  authCalls: number;
  expiredAnswers: number;
  failed: number;
}

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 1);

/**
 * One fake clock drives the service and the client: 1-hour tokens, one request a minute for 24
 * hours. Renewal timers never fire (real time barely moves), so whatever a client renews ahead of
 * expiry it does on its own send path.
 */
export async function runDay(kinds: readonly ContenderKind[], minutes = 24 * 60): Promise<DayRow[]> {
  const rows: DayRow[] = [];
  for (const kind of kinds) {
    let clock = START;
    const now = () => clock;
    const bench = await startBenchService({ now, tokenLifetimeSec: 3600 });
    const contender = kind.create({ baseUrl: bench.baseUrl, apiKey: BENCH_API_KEY, now });
    let failed = 0;
    try {
      for (let minute = 0; minute < minutes; minute++) {
        clock = START + minute * MINUTE;
        await contender.pentests(1).catch(() => (failed += 1));
      }
    } finally {
      contender.dispose();
      await bench.close();
    }
    rows.push({
      contender: kind.name,
      requests: minutes,
      authCalls: bench.service.authCalls.length,
      expiredAnswers: bench.service.graphqlCalls.filter((call) => call.expired).length,
      failed,
    });
  }
  return rows;
}
