import { bareClient } from '../contenders/bare.js';
import type { ContenderKind } from '../contenders/contender.js';
import { cannedFetch } from '../support/in-memory.js';
import { median, rotated, timed } from '../support/stats.js';
import { BARE } from './steady.js';

export interface ClientCostRow {
  contender: string;
  requests: number;
  /** Median over rounds of time / requests. */
  usPerRequest: number;
  /** Median over rounds of (time / bare graphql-request's time in the same round); absent in old results. */
  vsBare?: number;
}

const BASE_URL = 'http://in-memory';
/** Requests one contender sends before the next takes its turn. */
const CHUNK = 250;

/**
 * The client's own work per request, without sockets or a server: every contender gets the same
 * canned answer from an in-memory fetch. Within a round the contenders take turns in chunks, in
 * rotated order, and each one's time is divided by bare graphql-request's time in that round.
 */
export async function runClientCost(kinds: readonly ContenderKind[], requestsPerRound: number, rounds: number): Promise<ClientCostRow[]> {
  const { fetch, token } = cannedFetch();
  const bare = bareClient(BASE_URL, token, fetch);
  const runners = [
    { name: BARE, client: bare, dispose: () => undefined },
    ...kinds.map((kind) => {
      const client = kind.create({ baseUrl: BASE_URL, apiKey: 'key', now: Date.now, fetch });
      return {
        name: kind.name,
        client,
        dispose: () => {
          client.dispose();
        },
      };
    }),
  ];
  const us = new Map<string, number[]>(runners.map((r) => [r.name, []]));
  const vsBare = new Map<string, number[]>(runners.map((r) => [r.name, []]));
  try {
    // Round 0 warms the JIT and fetches each contender's token, and is not counted.
    for (let round = 0; round <= rounds; round++) {
      const ms = new Map<string, number>(runners.map((r) => [r.name, 0]));
      for (let chunk = 0; chunk < requestsPerRound / CHUNK; chunk++) {
        for (const runner of rotated(runners, round + chunk)) {
          const spent = await timed(async () => {
            for (let i = 0; i < CHUNK; i++) await runner.client.pentests((i % 5) + 1);
          });
          ms.set(runner.name, (ms.get(runner.name) ?? 0) + spent.ms);
        }
      }
      if (round === 0) continue;
      const bareMs = ms.get(BARE) ?? Number.NaN;
      for (const [name, spent] of ms) {
        us.get(name)?.push((spent * 1000) / requestsPerRound);
        vsBare.get(name)?.push(spent / bareMs);
      }
    }
  } finally {
    for (const runner of runners) runner.dispose();
  }
  return runners.map(({ name }) => ({
    contender: name,
    requests: requestsPerRound * rounds,
    usPerRequest: median(us.get(name) ?? []),
    vsBare: median(vsBare.get(name) ?? []),
  }));
}
