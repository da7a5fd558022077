import { bareClient } from '../contenders/bare.js';
import { type ContenderKind, fetchToken } from '../contenders/contender.js';
import { BENCH_API_KEY, startBenchService } from '../support/service.js';
import { median, rotated, timed } from '../support/stats.js';

export interface SteadyRow {
  contender: string;
  requests: number;
  /** Median over rounds of time / requests. */
  usPerRequest: number;
  /** Median over rounds of (time / bare graphql-request's time over the same chunks) − 1. */
  overhead: number;
  /** The smallest and largest of those per-round overheads: how noisy the machine was. */
  overheadRange: [number, number];
}

export const BARE = 'bare graphql-request, fixed header';
/** Requests one contender sends before the next takes its turn. */
const CHUNK = 50;
const WARM_UP = 4 * CHUNK;
/** The other contenders, there for context, take every 4th turn only: the run stays short. */
const CONTEXT_EVERY = 4;

interface Runner {
  name: string;
  /** Sends in every chunk, or only in every CONTEXT_EVERY-th. */
  everyChunk: boolean;
  client: { pentests(first: number): Promise<unknown> };
  dispose(): void;
}

/** Per runner: its own time and bare's time over the chunks it took part in. */
interface Tally {
  ms: number;
  bareMs: number;
  requests: number;
}

/** Sequential requests with a valid token: the price of the auth layer when nothing goes wrong. */
export async function runSteady(
  kinds: readonly ContenderKind[],
  /** For bare graphql-request and for us; a multiple of CHUNK × CONTEXT_EVERY. */
  requestsPerRound: number,
  rounds: number,
  ours: string,
): Promise<SteadyRow[]> {
  const bench = await startBenchService();
  const perRound = new Map<string, { us: number[]; overhead: number[]; requests: number }>();
  const runners: Runner[] = [];
  try {
    const token = await fetchToken(bench.baseUrl, BENCH_API_KEY);
    runners.push({ name: BARE, everyChunk: true, client: bareClient(bench.baseUrl, token), dispose: () => undefined });
    for (const kind of kinds) {
      const client = kind.create({ baseUrl: bench.baseUrl, apiKey: BENCH_API_KEY, now: Date.now });
      runners.push({
        name: kind.name,
        everyChunk: kind.name === ours,
        client,
        dispose: () => {
          client.dispose();
        },
      });
    }
    for (const runner of runners) perRound.set(runner.name, { us: [], overhead: [], requests: 0 });
    // Round 0 warms sockets, JIT and each contender's token, and is not counted. Within a round the
    // contenders take turns in chunks, so a burst of load from elsewhere hits all of them alike.
    for (let round = 0; round <= rounds; round++) {
      const tallies = new Map<string, Tally>(runners.map((r) => [r.name, { ms: 0, bareMs: 0, requests: 0 }]));
      const chunks = (round === 0 ? WARM_UP : requestsPerRound) / CHUNK;
      for (let chunk = 0; chunk < chunks; chunk++) {
        const turn = runners.filter((r) => r.everyChunk || chunk % CONTEXT_EVERY === 0);
        const spent = new Map<string, number>();
        for (const runner of rotated(turn, round + chunk)) {
          const { ms } = await timed(async () => {
            for (let i = 0; i < CHUNK; i++) await runner.client.pentests((i % 5) + 1);
          });
          spent.set(runner.name, ms);
        }
        const bareMs = spent.get(BARE) ?? Number.NaN;
        for (const [name, ms] of spent) {
          const tally = tallies.get(name);
          if (tally) Object.assign(tally, { ms: tally.ms + ms, bareMs: tally.bareMs + bareMs, requests: tally.requests + CHUNK });
        }
      }
      if (round === 0) continue;
      for (const [name, tally] of tallies) {
        const rounds = perRound.get(name);
        if (!rounds) continue;
        rounds.us.push((tally.ms * 1000) / tally.requests);
        rounds.overhead.push(tally.ms / tally.bareMs - 1);
        rounds.requests += tally.requests;
      }
    }
  } finally {
    for (const runner of runners) runner.dispose();
    await bench.close();
  }
  return runners.map(({ name }) => {
    const { us, overhead, requests } = perRound.get(name) ?? { us: [], overhead: [], requests: 0 };
    return {
      contender: name,
      requests,
      usPerRequest: median(us),
      overhead: median(overhead),
      overheadRange: [Math.min(...overhead), Math.max(...overhead)],
    };
  });
}
