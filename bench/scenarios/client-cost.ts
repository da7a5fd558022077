import { bareClient } from '../contenders/bare.js';
import type { ContenderKind } from '../contenders/contender.js';
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
 * A fetch answering from memory: the same canned result for every GraphQL request, a one-hour token
 * for the auth call. A Response is built per call (a body is read once); nothing touches a socket.
 */
function inMemoryFetch(): { fetch: typeof fetch; token: string } {
  const body = JSON.stringify({ data: { pentests_page: { pentests: [{ op_id: 'op-1', name: 'Weekly internal – HQ US #1' }] } } });
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const token = `e30.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.sig`;
  const auth = JSON.stringify({ token });
  const init = { status: 200, headers: { 'content-type': 'application/json' } };
  const answer: typeof fetch = (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(new Response(url.endsWith('/v1/auth') ? auth : body, init));
  };
  return { fetch: answer, token };
}

/**
 * The client's own work per request, without sockets or a server: every contender gets the same
 * canned answer from an in-memory fetch. Within a round the contenders take turns in chunks, in
 * rotated order, and each one's time is divided by bare graphql-request's time in that round.
 */
export async function runClientCost(kinds: readonly ContenderKind[], requestsPerRound: number, rounds: number): Promise<ClientCostRow[]> {
  const { fetch, token } = inMemoryFetch();
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
