import { bareClient } from '../contenders/bare.js';
import type { ContenderKind } from '../contenders/contender.js';
import { fetchToken } from '../contenders/contender.js';
import { BENCH_API_KEY, type BenchService, startBenchService } from '../support/service.js';
import { median, rotated, timed } from '../support/stats.js';

/**
 * How the token stops working: `clock` — its hour passes (service and client share a fake clock that
 * jumps one hour), so a client that reads `exp` can know; `revoked` — the service expires it early
 * (`expireTokensNow`), which no client can foresee.
 */
export type StormKind = 'clock' | 'revoked';

export interface StormRow {
  kind: StormKind;
  n: number;
  contender: string;
  authCalls: number;
  sendsPerOperation: number;
  failed: number;
  ms: number;
  floorMs: number;
  /** Median over rounds of (this contender's time / the floor measured in the same round). */
  ratio: number;
  /**
   * Each round's time, in round order: contenders are compared round by round (pairedRatio in
   * report.ts), where the machine's state is shared. Absent from results before issue 37.
   */
  roundsMs?: readonly number[];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * The floor: what an oracle that knew the token had expired would need — one `/v1/auth` round trip,
 * then the same N operations sent once with the fresh token by bare graphql-request.
 */
async function floorMs(bench: BenchService, n: number): Promise<number> {
  const { ms } = await timed(async () => {
    const token = await fetchToken(bench.baseUrl, BENCH_API_KEY);
    const bare = bareClient(bench.baseUrl, token);
    await Promise.all(range(n).map((first) => bare.pentests(first)));
  });
  return ms;
}

export interface Sample {
  authCalls: number;
  sends: number;
  failed: number;
  ms: number;
  ratio: number;
}

const HOUR = 3_600_000;

/** A valid token in hand, the token stops working, then N operations start at once. */
export async function runStorm(kinds: readonly ContenderKind[], stormKind: StormKind, n: number, rounds: number): Promise<StormRow[]> {
  let clock = Date.now();
  const now = () => clock;
  const bench = await startBenchService({ now });
  const samples = new Map<string, Sample[]>(kinds.map((kind) => [kind.name, []]));
  const floors: number[] = [];
  try {
    // Round 0 only opens the N sockets the burst needs (the floor's burst) and is not counted.
    await floorMs(bench, n);
    /** One contender: a valid token in hand, the token stops working, N operations at once. */
    const stormOnce = async (kind: ContenderKind): Promise<Omit<Sample, 'ratio'>> => {
      const contender = kind.create({ baseUrl: bench.baseUrl, apiKey: BENCH_API_KEY, now });
      await contender.pentests(1);
      if (stormKind === 'clock') clock += HOUR;
      else bench.service.expireTokensNow();
      const { authCalls, graphqlCalls } = bench.service;
      const auth0 = authCalls.length;
      const sends0 = graphqlCalls.length;
      const { ms, value } = await timed(() => Promise.allSettled(range(n).map((first) => contender.pentests(first))));
      contender.dispose();
      return {
        authCalls: authCalls.length - auth0,
        sends: graphqlCalls.length - sends0,
        failed: value.filter((result) => result.status === 'rejected').length,
        ms,
      };
    };
    for (let round = 1; round <= rounds; round++) {
      // The floor takes its turn in the rotation too, so it is not always the one measured first.
      let floor = Number.NaN;
      const timedThisRound: Array<[string, Omit<Sample, 'ratio'>]> = [];
      for (const turn of rotated([null, ...kinds], round)) {
        if (turn === null) floor = await floorMs(bench, n);
        else timedThisRound.push([turn.name, await stormOnce(turn)]);
      }
      floors.push(floor);
      for (const [name, sample] of timedThisRound) samples.get(name)?.push({ ...sample, ratio: sample.ms / floor });
    }
  } finally {
    await bench.close();
  }
  return kinds.map((kind) => ({ kind: stormKind, ...stormSummary(kind.name, n, samples.get(kind.name) ?? [], floors) }));
}

/** One contender's row: medians over its rounds, the most failures any round saw. */
export function stormSummary(contender: string, n: number, list: readonly Sample[], floors: readonly number[]): Omit<StormRow, 'kind'> {
  return {
    n,
    contender,
    authCalls: median(list.map((s) => s.authCalls)),
    sendsPerOperation: median(list.map((s) => s.sends)) / n,
    failed: Math.max(0, ...list.map((s) => s.failed)),
    ms: median(list.map((s) => s.ms)),
    floorMs: median(floors),
    ratio: median(list.map((s) => s.ratio)),
    roundsMs: list.map((s) => s.ms),
  };
}
