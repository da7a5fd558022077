import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackLibraryTimers } from '../support/live-timers.js';
import { secretLeaks } from '../support/secret-leaks.js';
import { runSoak, SOAK_KEYS, type SoakReport } from '../support/soak.js';

// A fixed seed keeps `npm test` repeatable; SOAK_SEED replays any run, SOAK_OPERATIONS scales it up.
const SEED = Number(process.env.SOAK_SEED ?? 20_261_121);
const OPERATIONS = Number(process.env.SOAK_OPERATIONS ?? 300);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);

afterEach(() => {
  vi.restoreAllMocks();
});

const header = (headers: Record<string, string>, name: string) => headers[name] ?? '';
const bearer = (headers: Record<string, string>) => /^Bearer (\S+)$/.exec(header(headers, 'authorization'))?.[1] ?? null;

/** Sends whose token was not issued to the same identity, in the same sign-in epoch, by the same region. */
function foreignTokenSends(report: SoakReport): string[] {
  const found: string[] = [];
  for (const { name, service, faults } of report.regions) {
    const owner = new Map<string, string>();
    for (const call of service.authCalls) {
      if (call.token !== null) owner.set(call.token, `${header(call.headers, 'x-soak-identity')}/${header(call.headers, 'x-soak-epoch')}`);
    }
    const sends = [
      ...service.graphqlCalls.map((call) => ({ source: 'service', headers: call.headers })),
      ...faults.seen.filter((call) => call.path.endsWith('/graphql')).map((call) => ({ source: 'wrapper', headers: call.headers })),
    ];
    for (const { source, headers } of sends) {
      const sender = `${header(headers, 'x-soak-identity')}/${header(headers, 'x-soak-epoch')}`;
      const token = bearer(headers);
      const issuedTo = token === null ? 'no token' : (owner.get(token) ?? 'another region');
      if (issuedTo !== sender) found.push(`${name} ${source}: sent by ${sender} with a token of ${issuedTo}`);
    }
  }
  return found;
}

/** How often the service really ran each mutation (its own records: answered 200 to a PauseOp). */
function appliedByOpId(report: SoakReport): Map<string, number> {
  const applied = new Map<string, number>();
  for (const { service } of report.regions) {
    for (const call of service.graphqlCalls) {
      if (call.operationName !== 'PauseOp' || call.status !== 200) continue;
      const opId = (JSON.parse(call.body) as { variables: { op_id: string } }).variables.op_id;
      applied.set(opId, (applied.get(opId) ?? 0) + 1);
    }
  }
  return applied;
}

function summary(report: SoakReport, authCalls: number, failedAuth: number): string {
  const outcomes = new Map<string, number>();
  for (const op of report.operations) outcomes.set(op.outcome, (outcomes.get(op.outcome) ?? 0) + 1);
  const list = (map: ReadonlyMap<string, number>) =>
    [...map]
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  return [
    `soak: seed ${report.seed} (SOAK_SEED=${report.seed} replays it), ${report.operations.length} operations, concurrency ${CONCURRENCY}, ${(report.durationMs / 1000).toFixed(1)} s`,
    `  outcomes: ${list(outcomes)}`,
    `  faults injected: ${list(report.faults)}`,
    `  /v1/auth calls ${authCalls} ≤ server-side expirations ${report.expirations} + failed auth attempts ${failedAuth} + identity starts and refresh() calls ${report.identityStarts} = ${report.expirations + failedAuth + report.identityStarts}`,
  ].join('\n');
}

describe(`chaos soak (${OPERATIONS} operations)`, () => {
  it(
    'every operation settles with data or a typed error; no rejection unhandled, timer left, extra auth call, foreign token, replay or leaked key',
    async () => {
      const consoleCalls: unknown[][] = [];
      for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleCalls.push(args));
      }
      const timers = trackLibraryTimers();
      let report: SoakReport;
      try {
        report = await runSoak({ seed: SEED, operations: OPERATIONS, concurrency: CONCURRENCY });
        // Every client is disposed and every operation settled: nothing of the library may still be pending.
        expect(await timers.live()).toEqual([]);
      } finally {
        timers.stop();
      }
      vi.restoreAllMocks();

      const authSeen = report.regions.flatMap((region) => region.faults.seen.filter((call) => call.path.endsWith('/v1/auth')));
      const failedAuth = authSeen.filter((call) => call.status !== 200).length;
      console.log(summary(report, authSeen.length, failedAuth));

      // Soft: a broken run reports every property it breaks, not just the first.
      expect.soft(report.operations).toHaveLength(OPERATIONS);
      expect.soft(report.operations.filter((op) => op.outcome === 'hung')).toEqual([]);
      expect.soft(report.operations.filter((op) => op.unexpected !== null)).toEqual([]);
      expect.soft(report.unhandledRejections).toEqual([]);

      expect.soft(authSeen.length).toBeLessThanOrEqual(report.expirations + failedAuth + report.identityStarts);
      expect.soft(foreignTokenSends(report)).toEqual([]);
      // The sign-out's own refresh() may join an auth call that already settled (its outcome is then
      // that call's); what must hold is that nothing it brings back is stored or sent after signOut().
      expect.soft(report.tokenAfterSignOut).toBe(false);

      const applied = appliedByOpId(report);
      const mutations = report.operations.filter((op) => op.kind === 'mutation');
      expect.soft(mutations.filter((op) => (applied.get(op.opId!) ?? 0) > 1)).toEqual([]);
      expect.soft(mutations.filter((op) => op.outcome === 'data' && applied.get(op.opId!) !== 1)).toEqual([]);
      const appliedTotal = report.regions.reduce((sum, { service }) => sum + service.appliedMutations, 0);
      expect.soft([...applied.values()].reduce((a, b) => a + b, 0)).toBe(appliedTotal);

      for (const apiKey of SOAK_KEYS) {
        const requests = report.regions.flatMap(({ service, faults }) => [...service.authCalls, ...service.graphqlCalls, ...faults.seen]);
        const stores = report.identities.map((identity) => identity.client.store.getState());
        expect.soft(secretLeaks(apiKey, { requests, consoleCalls, errors: report.errors, other: stores })).toEqual([]);
      }
      // The client events of the whole run hold neither a key nor any token the services issued.
      const events = report.identities.flatMap((identity) => identity.events);
      expect.soft(events.filter((event) => event.type === 'operation').length).toBeGreaterThan(OPERATIONS / 2);
      const printedEvents = JSON.stringify(events);
      const issued = report.regions.flatMap(({ service }) => service.issuedTokens);
      expect.soft([...SOAK_KEYS, ...issued].filter((secret) => printedEvents.includes(secret))).toEqual([]);

      // The run met the faults it is about (a longer run meets every kind many times).
      expect(report.faults.get('server:token-expired') ?? 0).toBeGreaterThan(0);
      expect(report.faults.get('caller:abort') ?? 0).toBeGreaterThan(0);
      expect(authSeen.filter((call) => call.status >= 500).length).toBeGreaterThan(0);
      expect(mutations.filter((op) => op.outcome === 'data').length).toBeGreaterThan(0);
    },
    60_000 + OPERATIONS * 20,
  );
});
