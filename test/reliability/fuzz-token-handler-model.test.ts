// @vitest-environment node
// The token handler against a model: random sequences of browsers asking for tokens, claiming tokens
// expired (the current one, an old one, garbage), the service expiring every token, /v1/auth failing
// once (403, 429, 500, 503) and an operator's refresh(), over real HTTP against the mock service.
// After every command: /v1/auth calls stay within what the commands justify (no amplification), a
// browser is never served a token the service refused when a renewal could succeed, the status a
// readiness probe reads follows the last /v1/auth answer (no latch), and no answer is a 500.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenHandler, type ServerHandler } from '../../src/server/index.js';
import { API_KEY } from '../support/fixtures.js';
import { startMockService, type StartedMockService } from '../support/serve.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';

const RUNS = Number(process.env.MODEL_RUNS ?? process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.MODEL_SEED ?? Date.now() % 2 ** 31);
/** How long a check's verdict answers claims of its token (docs/modes.md). */
const TOKEN_VERDICT_MS = 1_000;

/** How many /v1/auth calls the commands so far justify: the first token, and one per expiry, failure and refresh. */
interface Model {
  budget: number;
  asked: boolean;
}

class World {
  /** Every token the service was told to expire, and what each answer so far carried. */
  readonly expired = new Set<string>();
  current: string | null = null;
  queuedFailures = 0;

  constructor(
    readonly running: StartedMockService,
    readonly handler: ServerHandler,
    readonly url: string,
    /** The handler's clock, ahead of the real one by what the commands moved it. */
    readonly clock: { offsetMs: number },
  ) {}

  private get failedAuthCalls() {
    return this.running.service.authCalls.filter((call) => call.status !== 200).length;
  }

  /** Whether a failure queued in the service is still waiting for a /v1/auth call. */
  get failurePending() {
    return this.queuedFailures > this.failedAuthCalls;
  }

  /** `count` browsers at once; the answers checked, the token in hand remembered. */
  async ask(count: number, body: unknown): Promise<Array<{ status: number; token?: string; code?: string }>> {
    const answers = await Promise.all(
      Array.from({ length: count }, async () => {
        const response = await post(this.url, body);
        return { status: response.status, ...((await response.json()) as { token?: string; code?: string }) };
      }),
    );
    const tokens = new Set(answers.flatMap((answer) => (answer.status === 200 && answer.token !== undefined ? [answer.token] : [])));
    expect(tokens.size, 'one token for every browser asking at once').toBeLessThanOrEqual(1);
    for (const token of tokens) {
      expect(this.running.service.issuedTokens, 'a token the service issued').toContain(token);
      this.current = token;
    }
    if (tokens.size === 0) this.dropIfKeyRefused();
    for (const answer of answers) {
      expect(answer.status, 'never a 500').not.toBe(500);
      if (answer.status !== 200) expect(typeof answer.code, `a typed code with ${answer.status}`).toBe('string');
    }
    return answers;
  }

  /** A key refused (400/401/403) takes the token in hand out of service: callers get a code until a renewal succeeds. */
  dropIfKeyRefused(): void {
    const last = this.running.service.authCalls.at(-1);
    if (last !== undefined && [400, 401, 403].includes(last.status)) this.current = null;
  }

  check(model: Model): void {
    const calls = this.running.service.authCalls;
    expect(calls.length, `/v1/auth calls within the ${model.budget} the commands justify`).toBeLessThanOrEqual(model.budget);
    const last = calls.at(-1);
    const { state } = this.handler.status();
    if (last?.status === 200) expect(state, 'ok after a token').toBe('ok');
    if (last !== undefined && [400, 401, 403].includes(last.status)) expect(state, `failing after a ${last.status}`).toBe('failing');
  }
}

type Command = fc.AsyncCommand<Model, World>;

/** Whatever a browser posts, the first answer needs the handler's first token: one call. */
function firstToken(model: Model): void {
  if (!model.asked) model.budget += 1;
  model.asked = true;
}

abstract class Step implements Command {
  check(): boolean {
    return true;
  }
  async run(model: Model, world: World): Promise<void> {
    await this.act(model, world);
    world.check(model);
  }
  abstract act(model: Model, world: World): Promise<void> | void;
  abstract toString(): string;
}

class Ask extends Step {
  constructor(readonly count: number) {
    super();
  }
  async act(model: Model, world: World) {
    firstToken(model);
    await world.ask(this.count, {});
  }
  toString() {
    return `ask(${this.count})`;
  }
}

/** Browsers report the token in hand as expired. */
class ClaimCurrent extends Step {
  constructor(readonly count: number) {
    super();
  }
  override check(model?: Readonly<Model>) {
    return model?.asked === true;
  }
  async act(_model: Model, world: World) {
    const claimed = world.current;
    if (claimed === null) return;
    const failurePending = world.failurePending;
    const answers = await world.ask(this.count, { expired: claimed });
    // A token the service refuses is replaced in that one round trip when /v1/auth can answer.
    if (world.expired.has(claimed) && !failurePending) {
      for (const answer of answers) expect(answer.token, 'a fresh token for an expired one').not.toBe(claimed);
    }
    // A token the service still accepts stays in service: the claim costs no renewal.
    if (!world.expired.has(claimed)) for (const answer of answers) if (answer.status === 200) expect(answer.token).toBe(claimed);
  }
  toString() {
    return `claimCurrent(${this.count})`;
  }
}

class ClaimOther extends Step {
  constructor(readonly what: 'garbage' | 'first issued') {
    super();
  }
  async act(model: Model, world: World) {
    firstToken(model);
    const first = world.running.service.issuedTokens[0];
    await world.ask(2, { expired: this.what === 'garbage' || first === undefined ? 'not.a.token' : first });
  }
  toString() {
    return `claimOther(${this.what})`;
  }
}

class ServiceExpires extends Step {
  act(model: Model, world: World) {
    for (const token of world.running.service.issuedTokens) world.expired.add(token);
    world.running.service.expireTokensNow();
    // A check's verdict answers claims of its token for a second (docs/modes.md): a revocation is
    // the claims' to see once a verdict taken before it has run out, so the handler's clock moves on.
    world.clock.offsetMs += TOKEN_VERDICT_MS;
    model.budget += 1;
  }
  toString() {
    return 'serviceExpires';
  }
}

class AuthFailsOnce extends Step {
  constructor(readonly status: 403 | 429 | 500 | 503) {
    super();
  }
  act(model: Model, world: World) {
    world.running.service.queueAuthFailures(this.status === 429 ? { status: 429, headers: { 'retry-after': '1' } } : this.status);
    world.queuedFailures += 1;
    model.budget += 1;
  }
  toString() {
    return `authFailsOnce(${this.status})`;
  }
}

/** What an operator's readiness tooling calls: ask /v1/auth now. */
class Refresh extends Step {
  async act(model: Model, world: World) {
    model.budget += 1;
    model.asked = true;
    await world.handler.refresh();
    // The handler's token in hand now: the one the call just issued, when it answered.
    const last = world.running.service.authCalls.at(-1);
    if (last?.status === 200 && last.token !== null) world.current = last.token;
    world.dropIfKeyRefused();
  }
  toString() {
    return 'refresh';
  }
}

const commands = [
  fc.integer({ min: 1, max: 8 }).map((count): Command => new Ask(count)),
  fc.integer({ min: 1, max: 8 }).map((count): Command => new ClaimCurrent(count)),
  fc.constantFrom<'garbage' | 'first issued'>('garbage', 'first issued').map((what): Command => new ClaimOther(what)),
  fc.constant<Command>(new ServiceExpires()),
  fc.constantFrom<403 | 429 | 500 | 503>(403, 429, 500, 503).map((status): Command => new AuthFailsOnce(status)),
  fc.constant<Command>(new Refresh()),
];

describe('the token handler against a model (fast-check commands, real HTTP)', () => {
  it(
    '/v1/auth calls stay within what happened; a refused token is replaced when it can be; the status follows the last answer',
    async () => {
      const property = fc.asyncProperty(fc.commands(commands, { maxCommands: 16 }), async (steps) => {
        const running = await startMockService({ apiKeys: [API_KEY] });
        const clock = { offsetMs: 0 };
        // Backoff far beyond the run: recovery comes from refresh() and claims only.
        const handler = createTokenHandler({
          now: () => Date.now() + clock.offsetMs,
          apiKey: API_KEY,
          region: 'test',
          regions: { test: running.baseUrl },
          authorizeRequest: hasSession,
          forcedRenewalIntervalMs: 1,
          recovery: { initialDelayMs: 600_000, maxDelayMs: 600_000 },
          logger: { warn: () => undefined, error: () => undefined },
        });
        const url = `${await serveHandler(handler)}/api/token`;
        try {
          await fc.asyncModelRun(() => ({ model: { budget: 0, asked: false }, real: new World(running, handler, url, clock) }), steps);
        } finally {
          await running.close(); // the handler is disposed with its server, after the test
        }
      });
      await fc.assert(property, { numRuns: RUNS, seed: SEED });
    },
    Math.max(60_000, RUNS * 1_000),
  );
});
