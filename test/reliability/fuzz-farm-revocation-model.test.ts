// @vitest-environment node
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type AuthClient, createAuthClient, tokenEndpoint } from '../../src/core/index.js';
import { createGraphQLProxy, createTokenHandler, type ServerHandler } from '../../src/server/index.js';
import { evictableCache } from '../support/evictable-cache.js';
import { hasSession, post, serveHandler, withSession } from '../server/serve-handler.js';
import { API_KEY, type Running, startService } from '../support/fixtures.js';

// A few dozen runs in `npm test`; `npm run fuzz` (FUZZ_RUNS) runs many more. MODEL_SEED replays a run.
const RUNS = Number(process.env.FARM_MODEL_RUNS ?? process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.MODEL_SEED ?? Date.now() % 2 ** 31);
const PROCESSES = 3;

/** One process of the farm: a proxy, or a token handler with the browsers a load balancer sends it. */
interface FarmProcess {
  handler: ServerHandler;
  url: string;
  mode: 'proxy' | 'token';
}

class Farm {
  readonly processes: FarmProcess[] = [];
  readonly browsers: AuthClient[] = [];
  /** Refusals the commands caused, each worth one renewal for the whole farm. */
  renewalsJustified = 1;
  failures: string[] = [];
  private operations = 0;

  constructor(
    readonly running: Running,
    readonly cache: ReturnType<typeof evictableCache>,
  ) {}

  /** One operation through process `index`, named so that its sends can be told apart. */
  async operate(index: number): Promise<void> {
    const process = this.processes[index % this.processes.length];
    if (process === undefined) throw new Error('an empty farm');
    const name = `Op${String((this.operations += 1))}`;
    const query = `query ${name} { pentests_count }`;
    try {
      if (process.mode === 'proxy') {
        const answer = await post(process.url, { query });
        if (answer.status !== 200) this.failures.push(`${name} through proxy ${String(index)}: ${String(answer.status)} ${await answer.text()}`);
        else await answer.text();
      } else {
        // Browsers of token handlers: the load balancer sends each to any process.
        const browser = this.browsers[(index + this.operations) % this.browsers.length];
        await browser?.request(query);
      }
    } catch (error) {
      this.failures.push(`${name} through process ${String(index)}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
  }

  /** Operations whose sends carried the same token twice: never allowed. */
  resent(): string[] {
    const tokensOf = new Map<string, string[]>();
    for (const { operationName, token } of this.running.service.graphqlCalls) {
      if (operationName === null || !operationName.startsWith('Op') || token === null) continue;
      tokensOf.set(operationName, [...(tokensOf.get(operationName) ?? []), token]);
    }
    return [...tokensOf].filter(([, tokens]) => new Set(tokens).size !== tokens.length).map(([name]) => name);
  }
}

type Command = fc.AsyncCommand<object, Farm>;

function checked(farm: Farm): void {
  expect(farm.failures, 'operations that got no data').toEqual([]);
  expect(farm.resent(), 'operations sent twice with one token').toEqual([]);
  expect(farm.running.service.authCalls.length, '/v1/auth calls beyond one per refusal or eviction').toBeLessThanOrEqual(farm.renewalsJustified);
}

const step = (label: string, act: (farm: Farm) => Promise<void> | void): Command => ({
  check: () => true,
  async run(_model, farm) {
    await act(farm);
    checked(farm);
  },
  toString: () => label,
});

const commands = [
  fc
    .tuple(fc.nat(PROCESSES - 1), fc.integer({ min: 1, max: 6 }))
    .map(([index, count]) =>
      step(`operate(${String(index)} ×${String(count)})`, (farm) =>
        Promise.all(Array.from({ length: count }, (_, k) => farm.operate(index + k))).then(() => undefined),
      ),
    ),
  fc.constant(
    step('evict', (farm) => {
      farm.cache.evict();
      farm.renewalsJustified += 1; // a process with no token then renews alone
    }),
  ),
  fc.constant(
    step('revoke', (farm) => {
      farm.running.service.expireTokensNow();
      farm.renewalsJustified += 1;
    }),
  ),
  fc.nat(PROCESSES - 1).map((index) =>
    step(`expire the token of process ${String(index)}`, async (farm) => {
      const process = farm.processes[index];
      if (process === undefined) return;
      // The token the process holds now, as its last send carried it (none yet: nothing to expire).
      const before = farm.running.service.graphqlCalls.length;
      await farm.operate(index);
      const token = farm.running.service.graphqlCalls.slice(before).at(-1)?.token;
      if (token === null || token === undefined) return;
      farm.running.service.expireToken(token);
      farm.renewalsJustified += 1;
    }),
  ),
];

let farmToClose: Farm | null = null;
afterEach(() => {
  for (const browser of farmToClose?.browsers ?? []) browser.dispose();
  farmToClose = null;
});

describe('a farm against a model (fast-check commands): revocations while processes hold different tokens', () => {
  it(
    'every operation gets data; no operation is sent twice with one token; one /v1/auth per refused token or eviction',
    async () => {
      const property = fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (script) => {
        const running = await startService();
        const cache = evictableCache();
        const farm = new Farm(running, cache);
        farmToClose = farm;
        const modes = ['proxy', 'token', 'proxy'] as const;
        for (const mode of modes.slice(0, PROCESSES)) {
          const make = mode === 'proxy' ? createGraphQLProxy : createTokenHandler;
          const handler = make({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache: cache });
          farm.processes.push({ handler, url: await serveHandler(handler), mode });
        }
        const tokenUrls = farm.processes.filter((process) => process.mode === 'token').map((process) => process.url);
        for (let index = 0; index < 3; index++) {
          farm.browsers.push(
            createAuthClient({
              tokenEndpoint: tokenEndpoint(tokenUrls[index % tokenUrls.length] ?? ''),
              regions: { test: running.baseUrl },
              fetch: withSession,
            }),
          );
        }
        try {
          await fc.asyncModelRun(() => ({ model: {}, real: farm }), script);
        } finally {
          for (const browser of farm.browsers) browser.dispose();
        }
      });
      await fc.assert(property, { numRuns: RUNS, seed: SEED });
    },
    Math.max(60_000, RUNS * 2_000),
  );
});
