import { ClientError } from 'graphql-request';
import { type AuthClient, type AuthEvent, createAuthClient } from '../../src/index.js';
import { recordEvents } from './events.js';
import { type FaultPlan, type FaultyHandler, withFaults } from './chaos.js';
import { AccountDocument, PauseOpDocument, PentestsDocument } from './documents.js';
import { createDemoService, type DemoService } from './mock-service.js';
import { describeFailure, isExpectedFailure } from './outcomes.js';
import { createPrng, type Prng } from './prng.js';
import { serve } from './serve.js';

/** Two API keys, valid in both regions: a key change and a region change are both identity changes. */
export const SOAK_KEYS = ['soak-key-alpha-5f1c9e0b7d2a4c68', 'soak-key-bravo-83d0a6e2b9f14c75'] as const;

export interface SoakOptions {
  seed: number;
  operations: number;
  /** Operations in flight at once; 1 makes the interleaving, and so the run, replayable. */
  concurrency?: number;
  /** An operation not settled by then counts as hung. */
  operationTimeoutMs?: number;
}

export interface SoakRegion {
  readonly name: 'us' | 'eu';
  readonly service: DemoService;
  readonly faults: FaultyHandler;
  /** The op_ids of the region's running pentests not paused yet: each mutation pauses the next. */
  readonly pausable: string[];
}

/** One client's life: its key and region, and how many sign-outs it has seen (labels its requests). */
export interface SoakIdentity {
  readonly id: number;
  readonly apiKey: string;
  readonly region: SoakRegion;
  readonly client: AuthClient;
  /** Every event the client told (client.onEvent), in order. */
  readonly events: readonly AuthEvent[];
  epoch: number;
}

export interface SoakOperation {
  readonly index: number;
  readonly kind: 'query' | 'mutation' | 'sign-out' | 'sign-in';
  readonly identity: number;
  /** The pentest a mutation pauses; no two mutations pause the same one. */
  readonly opId: string | null;
  readonly abortAfterMs: number | null;
  /** 'data', the error's name, or 'hung'. */
  outcome: string;
  /** Set when the failure is none the client may report. */
  unexpected: string | null;
}

export interface SoakReport {
  readonly seed: number;
  readonly durationMs: number;
  readonly regions: readonly SoakRegion[];
  readonly identities: readonly SoakIdentity[];
  readonly operations: readonly SoakOperation[];
  readonly errors: readonly unknown[];
  readonly unhandledRejections: readonly unknown[];
  /** Faults injected by kind, the chaos wrapper's and the driver's (expiries, aborts, identity changes). */
  readonly faults: ReadonlyMap<string, number>;
  /** Server-side expirations of a token the client held. */
  readonly expirations: number;
  /** First sign-in of each identity, plus each refresh() (the one signOut() cuts short, the sign-in after). */
  readonly identityStarts: number;
  /** Whether a token was back in the store between signOut() and the sign-in: a revived session. */
  readonly tokenAfterSignOut: boolean;
}

const AUTH_5XX = [500, 502, 503, 504] as const;

/**
 * Faults per endpoint, drawn from their own PRNGs in arrival order: exactly one in each block of five
 * /v1/auth calls answers 5xx (20 %), a few auth connections reset, and GraphQL requests meet latency,
 * resets before the service (nothing ran) and resets or 5xx after it (the mutation ran, the answer is lost).
 */
export function faultPlan(seed: number): FaultPlan {
  const auth = createPrng(seed ^ 0x5eed_a117);
  const graphql = createPrng(seed ^ 0x5eed_6a41);
  let authCalls = 0;
  let failingSlot = 0;
  return ({ path }) => {
    if (path.endsWith('/v1/auth')) {
      if (authCalls % 5 === 0) failingSlot = auth.int(0, 4);
      const slot = authCalls % 5;
      authCalls += 1;
      const delayMs = auth.chance(0.3) ? auth.int(1, 15) : 0;
      if (slot === failingSlot) return { delayMs, before: { status: auth.pick(AUTH_5XX), body: '{"message":"Internal Server Error"}' } };
      if (auth.chance(0.03)) return { delayMs, before: 'reset' };
      return { delayMs };
    }
    const delayMs = graphql.chance(0.3) ? graphql.int(1, 10) : 0;
    const roll = graphql.next();
    if (roll < 0.02) return { delayMs, before: 'reset' };
    if (roll < 0.04) return { delayMs, after: 'reset' };
    if (roll < 0.06) return { delayMs, after: graphql.pick([500, 502, 503]) };
    return { delayMs };
  };
}

async function startRegion(name: 'us' | 'eu', seed: number, operations: number) {
  // About one pentest in seven is running: enough for every operation to be a mutation, with room to spare.
  const service = createDemoService({ regions: [name], apiKeys: [...SOAK_KEYS], pentestCount: operations * 10 + 20 });
  const pausable = service.demo
    .store(name)
    .pentests.filter((pentest) => pentest.state === 'running')
    .map((pentest) => pentest.op_id);
  const faults = withFaults((request) => service.handle(request), faultPlan(seed + (name === 'us' ? 1 : 2)));
  const { url, close } = await serve(faults.handle);
  return { region: { name, service, faults, pausable } satisfies SoakRegion, url, close };
}

export function settleWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | { error: unknown } | 'hung'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => {
      resolve('hung');
    }, ms);
  });
  const settled = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return Promise.race([settled, hung]).finally(() => {
    clearTimeout(timer);
  });
}

/** The error's name; graphql-request's ClientError leaves `name` as "Error", so it is told by class. */
export function outcomeName(error: unknown): string {
  if (error instanceof ClientError) return `ClientError ${error.response.status}`;
  return error instanceof Error ? error.name : typeof error;
}

const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * Runs `operations` queries and mutations through createAuthClient against two regional mock services
 * behind faults, with a region change at 25 %, a key change at 50 %, a signOut at 75 % and a sign-in
 * shortly after. Asserts nothing itself: the report carries what the test checks.
 */
export async function runSoak({ seed, operations, concurrency = 8, operationTimeoutMs = 10_000 }: SoakOptions): Promise<SoakReport> {
  const plan: Prng = createPrng(seed);
  const started = performance.now();
  const [us, eu] = await Promise.all([startRegion('us', seed, operations), startRegion('eu', seed, operations)]);
  const nextPausable = (region: SoakRegion): string => {
    const opId = region.pausable.shift();
    if (opId === undefined) throw new Error(`The soak ran out of running pentests in ${region.name}`);
    return opId;
  };
  const regionUrls = { us: us.url, eu: eu.url };
  const unhandledRejections: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandledRejections.push(reason);
  process.on('unhandledRejection', onUnhandled);

  const identities: SoakIdentity[] = [];
  const faults = new Map<string, number>();
  const errors: unknown[] = [];
  const records: SoakOperation[] = [];
  const expired = new Set<string>();
  let identityStarts = 0;
  let tokenAfterSignOut = false;

  const startIdentity = (apiKey: string, region: SoakRegion): SoakIdentity => {
    const id = identities.length;
    // Requests are labelled at send time, so the service's records say who sent them and in which epoch.
    const labelled: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-soak-identity', String(id));
      headers.set('x-soak-epoch', String(identity.epoch));
      return globalThis.fetch(input, { ...init, headers });
    };
    const client = createAuthClient({ apiKey, region: region.name, regions: regionUrls, fetch: labelled });
    const identity: SoakIdentity = { id, apiKey, region, client, events: recordEvents(client), epoch: 0 };
    identities.push(identity);
    identityStarts += 1;
    return identity;
  };
  let current = startIdentity(SOAK_KEYS[0], us.region);

  const regionSwitchAt = Math.floor(operations * 0.25);
  const keySwitchAt = Math.floor(operations * 0.5);
  const signOutAt = Math.floor(operations * 0.75);
  const signInAt = signOutAt + Math.max(5, Math.floor(operations * 0.02));

  /** Identity events and server-side expiry, decided when operation `index` starts. */
  const beforeOperation = (index: number): void => {
    if (index === regionSwitchAt || index === keySwitchAt) {
      const apiKey = index === keySwitchAt ? SOAK_KEYS[1] : current.apiKey;
      current.client.dispose(); // its operations in flight still finish
      current = startIdentity(apiKey, eu.region);
      bump(faults, index === keySwitchAt ? 'identity:key-change' : 'identity:region-change');
    }
    const token = current.client.store.getState().token;
    if (plan.chance(0.03) && token !== null && !expired.has(token)) {
      expired.add(token);
      current.region.service.expireToken(token);
      bump(faults, 'server:token-expired');
    }
  };

  const runOperation = async (index: number): Promise<void> => {
    beforeOperation(index);
    const identity = current;
    const { client } = identity;
    const roll = plan.next();
    const kind = index === signOutAt ? 'sign-out' : index === signInAt ? 'sign-in' : roll < 0.35 ? 'mutation' : 'query';
    const abortAfterMs = kind === 'query' || kind === 'mutation' ? (plan.chance(0.05) ? plan.int(0, 15) : null) : null;
    const opId = kind === 'mutation' ? nextPausable(identity.region) : null;
    const record: SoakOperation = { index, kind, identity: identity.id, opId, abortAfterMs, outcome: 'pending', unexpected: null };
    records.push(record);
    const controller = new AbortController();
    const abortTimer =
      abortAfterMs === null
        ? undefined
        : setTimeout(() => {
            controller.abort();
          }, abortAfterMs);
    if (abortAfterMs !== null) bump(faults, 'caller:abort');
    const init = { signal: controller.signal };
    let operation: Promise<unknown>;
    if (kind === 'sign-out') {
      // signOut() while a refresh is surely in flight: its answer must write nothing.
      identityStarts += 1;
      operation = client.refresh();
      client.signOut();
      identity.epoch += 1;
      bump(faults, 'identity:sign-out');
    } else if (kind === 'sign-in') {
      tokenAfterSignOut = client.store.getState().token !== null;
      identityStarts += 1;
      operation = client.refresh();
    } else if (opId !== null) {
      operation = client.request(PauseOpDocument, { op_id: opId }, init);
    } else {
      operation = roll < 0.7 ? client.request(PentestsDocument, { page_size: plan.int(1, 5) }, init) : client.request(AccountDocument, {}, init);
    }
    const settled = await settleWithin(operation, operationTimeoutMs);
    clearTimeout(abortTimer);
    if (settled === 'hung') {
      record.outcome = 'hung';
    } else if ('error' in settled) {
      errors.push(settled.error);
      record.outcome = outcomeName(settled.error);
      if (!isExpectedFailure(settled.error)) record.unexpected = describeFailure(settled.error);
    } else {
      record.outcome = 'data';
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < operations) await runOperation(next++);
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  } finally {
    for (const identity of identities) identity.client.dispose();
    await Promise.all([us.close(), eu.close()]);
    process.off('unhandledRejection', onUnhandled);
  }
  for (const region of [us.region, eu.region]) {
    for (const [kind, count] of region.faults.injected) bump(faults, kind, count);
  }
  return {
    seed,
    durationMs: performance.now() - started,
    regions: [us.region, eu.region],
    identities,
    operations: records,
    errors,
    unhandledRejections,
    faults,
    expirations: expired.size,
    identityStarts,
    tokenAfterSignOut,
  };
}
