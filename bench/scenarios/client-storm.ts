import { bareClient } from '../contenders/bare.js';
import { type ContenderKind, fetchToken } from '../contenders/contender.js';
import { checkingFetch } from '../support/in-memory.js';
import { rotated, timed } from '../support/stats.js';
import { type Sample, type StormRow, stormSummary } from './storm.js';

/** As the loopback storm's rows; the kind is always `revoked`. */
export type ClientStormRow = Omit<StormRow, 'kind'>;

const BASE_URL = 'http://in-memory';
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * The revoked-token storm with the service in memory: the clients' own work, which the loopback
 * storm buries under the mock service's (JWT checks, graphql-js) and the machine's noise. Floor: one
 * auth call, then the N operations sent once by bare graphql-request.
 */
export async function runClientStorm(kinds: readonly ContenderKind[], n: number, rounds: number): Promise<ClientStormRow[]> {
  const samples = new Map<string, Sample[]>();
  const floors: number[] = [];
  // Round 0 warms the JIT and is not counted.
  for (let round = 0; round <= rounds; round++) {
    let floor = Number.NaN;
    const thisRound: Array<[string, Omit<Sample, 'ratio'>]> = [];
    for (const turn of rotated([null, ...kinds], round)) {
      const service = checkingFetch();
      if (turn === null) {
        ({ ms: floor } = await timed(async () => {
          const bare = bareClient(BASE_URL, await fetchToken(BASE_URL, 'key', service.fetch), service.fetch);
          await Promise.all(range(n).map((first) => bare.pentests(first)));
        }));
        continue;
      }
      const contender = turn.create({ baseUrl: BASE_URL, apiKey: 'key', now: Date.now, fetch: service.fetch });
      await contender.pentests(1);
      service.revoke();
      const { auth, sends } = { ...service.counts };
      const { ms, value } = await timed(() => Promise.allSettled(range(n).map((first) => contender.pentests(first))));
      contender.dispose();
      const failed = value.filter((result) => result.status === 'rejected').length;
      thisRound.push([turn.name, { authCalls: service.counts.auth - auth, sends: service.counts.sends - sends, failed, ms }]);
    }
    if (round === 0) continue;
    floors.push(floor);
    for (const [name, sample] of thisRound) samples.set(name, [...(samples.get(name) ?? []), { ...sample, ratio: sample.ms / floor }]);
  }
  return kinds.map((kind) => stormSummary(kind.name, n, samples.get(kind.name) ?? [], floors));
}
