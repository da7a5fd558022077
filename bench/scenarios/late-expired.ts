import type { ContenderKind } from '../contenders/contender.js';
import { BENCH_API_KEY, startBenchService } from '../support/service.js';
import { median, until } from '../support/stats.js';

export interface LateRow {
  contender: string;
  late: number;
  /** `/v1/auth` calls beyond the one refresh the expiry needs. */
  extraAuthCalls: number;
  failed: number;
}

/**
 * `late` operations are sent with the old token and their expired answers held back; one more
 * operation meets the expiry, refreshes and finishes; then the held answers arrive one at a time,
 * each after the previous operation settled — the slow queries of a real app, answering late.
 */
export async function runLateExpired(kinds: readonly ContenderKind[], late: number, rounds: number): Promise<LateRow[]> {
  const bench = await startBenchService();
  const extra = new Map<string, number[]>(kinds.map((kind) => [kind.name, []]));
  const failures = new Map<string, number>();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const kind of kinds) {
        const contender = kind.create({ baseUrl: bench.baseUrl, apiKey: BENCH_API_KEY, now: Date.now });
        await contender.pentests(1);
        bench.service.expireTokensNow();
        const auth0 = bench.service.authCalls.length;
        const held = bench.holdNextGraphqlAnswers(late);
        let settled = 0;
        let failed = 0;
        const pending = Array.from({ length: late }, (_, i) =>
          contender.pentests(i + 1).then(
            () => (settled += 1),
            () => {
              settled += 1;
              failed += 1;
            },
          ),
        );
        await until(() => held.held() === late, 'the late answers to be held');
        await contender.pentests(late + 1); // meets the expiry, refreshes, retries: the refresh is over
        for (let i = 0; i < late; i++) {
          held.releaseOne();
          await until(() => settled === i + 1, 'a late operation to settle');
        }
        await Promise.all(pending);
        contender.dispose();
        extra.get(kind.name)?.push(bench.service.authCalls.length - auth0 - 1);
        failures.set(kind.name, Math.max(failures.get(kind.name) ?? 0, failed));
      }
    }
  } finally {
    await bench.close();
  }
  return kinds.map((kind) => ({
    contender: kind.name,
    late,
    extraAuthCalls: median(extra.get(kind.name) ?? []),
    failed: failures.get(kind.name) ?? 0,
  }));
}
