import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackLibraryTimers } from '../support/live-timers.js';
import { commandArbs, initialModel } from '../support/model/commands.js';
import { violations } from '../support/model/invariants.js';
import { type Server, startModelServer, World } from '../support/model/world.js';
import { describeFailure, isExpectedFailure } from '../support/outcomes.js';
import { installWebLocks } from '../support/web-locks.js';

// A few hundred runs in `npm test`; `npm run fuzz` (FUZZ_RUNS) runs many more. MODEL_SEED replays a run.
const RUNS = Number(process.env.MODEL_RUNS ?? process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.MODEL_SEED ?? Date.now() % 2 ** 31);
const SLOTS = 2;

let server: Server;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

/**
 * Two tabs of an app sharing a channel and a storage, driven by random commands while a scheduler
 * picks the order in which answers and storage reads reach them; the invariants are checked after
 * every command and once everything has settled.
 */
describe('the client against a model (fast-check commands and scheduler)', () => {
  it(
    'signed-out, disposed and refused stay so; every operation settles; /v1/auth calls stay bounded; no timer is left',
    async () => {
      installWebLocks();
      const timers = trackLibraryTimers();
      const property = fc.asyncProperty(fc.scheduler(), fc.commands(commandArbs(SLOTS), { maxCommands: 24 }), async (scheduler, commands) => {
        const world = new World(server, scheduler, SLOTS);
        try {
          await fc.asyncModelRun(() => ({ model: initialModel(SLOTS), real: world }), commands);
          const hanging = await world.settleAll();
          expect(
            hanging.map((operation) => operation.label),
            'operations that never settled',
          ).toEqual([]);
          const unexpected = world.operations.flatMap(({ outcome }) =>
            outcome && 'error' in outcome && !isExpectedFailure(outcome.error) ? [describeFailure(outcome.error)] : [],
          );
          expect(unexpected, 'unexpected failures').toEqual([]);
          expect(violations(world.events)).toEqual([]);
        } finally {
          await world.close();
        }
        expect(await timers.live(), 'library timers left after dispose()').toEqual([]);
      });
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED });
      } finally {
        timers.stop();
      }
    },
    // 39 s for 200 runs at load 5-7 on 2 cores; past 60 s at load 11-13.
    Math.max(240_000, RUNS * 1_200),
  );
});
