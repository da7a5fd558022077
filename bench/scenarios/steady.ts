import { bareClient } from '../contenders/bare.js';
import { type ContenderKind, fetchToken } from '../contenders/contender.js';
import { BENCH_API_KEY, startBenchService } from '../support/service.js';
import { median, rotated, timed } from '../support/stats.js';

export interface SteadyRow {
  contender: string;
  requests: number;
  /** Median over rounds of µs per request. */
  usPerRequest: number;
  /** Median over rounds of (this contender / bare graphql-request in the same round) − 1. */
  overhead: number;
}

export const BARE = 'bare graphql-request, fixed header';
/** Requests one contender sends before the next takes its turn. */
const CHUNK = 50;
const WARM_UP = 4 * CHUNK;

/** Sequential requests with a valid token: the price of the auth layer when nothing goes wrong. */
export async function runSteady(
  kinds: readonly ContenderKind[],
  /** A multiple of CHUNK. */
  perRound: number,
  rounds: number,
): Promise<SteadyRow[]> {
  const bench = await startBenchService();
  const names = [BARE, ...kinds.map((kind) => kind.name)];
  const us = new Map<string, number[]>(names.map((name) => [name, []]));
  const overheads = new Map<string, number[]>(names.map((name) => [name, []]));
  try {
    const token = await fetchToken(bench.baseUrl, BENCH_API_KEY);
    const runners = [
      { name: BARE, client: bareClient(bench.baseUrl, token), dispose: () => undefined },
      ...kinds.map((kind) => {
        const client = kind.create({ baseUrl: bench.baseUrl, apiKey: BENCH_API_KEY, now: Date.now });
        return {
          name: kind.name,
          client,
          dispose: () => {
            client.dispose();
          },
        };
      }),
    ];
    // Round 0 (a few chunks) warms sockets, JIT and each contender's token, and is discarded. Within
    // a round the contenders take turns in chunks, so a burst of load from elsewhere hits all alike.
    for (let round = 0; round <= rounds; round++) {
      const spent = new Map<string, number>(names.map((name) => [name, 0]));
      const requests = round === 0 ? WARM_UP : perRound;
      for (let done = 0; done < requests; done += CHUNK) {
        for (const runner of rotated(runners, round + done / CHUNK)) {
          const { ms } = await timed(async () => {
            for (let i = done; i < done + CHUNK; i++) await runner.client.items((i % 5) + 1);
          });
          spent.set(runner.name, (spent.get(runner.name) ?? 0) + ms);
        }
      }
      if (round === 0) continue;
      const bare = spent.get(BARE) ?? Number.NaN;
      for (const [name, ms] of spent) {
        us.get(name)?.push((ms * 1000) / perRound);
        overheads.get(name)?.push(ms / bare - 1);
      }
    }
    for (const runner of runners) runner.dispose();
  } finally {
    await bench.close();
  }
  return names.map((name) => ({
    contender: name,
    requests: perRound * rounds,
    usPerRequest: median(us.get(name) ?? []),
    overhead: median(overheads.get(name) ?? []),
  }));
}
