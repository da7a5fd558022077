import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthClient, useAuthClient, useGraphQLMutation } from '../../src/index.js';
import { PentestList } from '../support/components.js';
import { PauseOpDocument } from '../support/documents.js';
import { API_KEY } from '../support/fixtures.js';
import { startFaultyService } from '../support/faulty-service.js';
import { trackLibraryTimers } from '../support/live-timers.js';
import { isExpectedFailure } from '../support/outcomes.js';
import { createPrng } from '../support/prng.js';
import { renderWithAuth } from '../support/render.js';
import { secretLeaks } from '../support/secret-leaks.js';
import { faultPlan, outcomeName, settleWithin } from '../support/soak.js';

const SEED = Number(process.env.SOAK_SEED ?? 20_261_121);
const STEPS = Number(process.env.SOAK_HOOK_STEPS ?? 60);
const LISTS = 4;

type Mutate = (variables: { op_id: string }) => Promise<unknown>;

/** Hands the test the client and a mutation hook's mutateAsync, as a component would use them. */
function Handles({ onClient, onMutate }: { onClient: (client: AuthClient) => void; onMutate: (mutate: Mutate) => void }) {
  onClient(useAuthClient());
  onMutate(useGraphQLMutation(PauseOpDocument).mutateAsync);
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe(`chaos soak through the hooks (${STEPS} steps)`, () => {
  it(
    'queries and mutations through the hooks settle typed, apply once, warn nothing and leave no timer after unmount',
    async () => {
      const consoleCalls: unknown[][] = [];
      const warnings: unknown[][] = [];
      for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
          consoleCalls.push(args);
          if (method === 'warn' || method === 'error') warnings.push(args);
        });
      }
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      const timers = trackLibraryTimers();
      const prng = createPrng(SEED);
      // About one pentest in seven is running: enough for every step to pause a different one.
      const running = await startFaultyService(faultPlan(SEED), { pentestCount: STEPS * 10 + 20 });
      const { service, faults } = running;
      const pausable = service.demo
        .store('us')
        .pentests.filter((pentest) => pentest.state === 'running')
        .map((pentest) => pentest.op_id);
      let client: AuthClient | undefined;
      let mutate: Mutate | undefined;
      const view = renderWithAuth(
        <>
          {Array.from({ length: LISTS }, (_, i) => (
            <PentestList key={i} pageSize={i + 1} label={`list-${i}`} />
          ))}
          <Handles onClient={(c) => (client = c)} onMutate={(m) => (mutate = m)} />
        </>,
        running,
      );

      const mutations: Array<{ opId: string; outcome: string }> = [];
      const errors: unknown[] = [];
      const expired = new Set<string>();
      try {
        for (let step = 0; step < STEPS; step += 1) {
          const roll = prng.next();
          const token = client!.store.getState().token;
          if (roll < 0.25 && token !== null && !expired.has(token)) {
            expired.add(token);
            service.expireToken(token);
          } else if (roll < 0.55) {
            const opId = pausable.shift()!;
            await act(async () => {
              const settled = await settleWithin(mutate!({ op_id: opId }), 10_000);
              if (settled !== 'hung' && 'error' in settled) errors.push(settled.error);
              mutations.push({ opId, outcome: settled === 'hung' ? 'hung' : 'error' in settled ? outcomeName(settled.error) : 'data' });
            });
          } else {
            await act(async () => {
              expect(await settleWithin(view.queryClient.refetchQueries(), 10_000)).not.toBe('hung');
            });
          }
        }
        await act(() => view.queryClient.refetchQueries());
      } finally {
        view.unmount();
        process.off('unhandledRejection', onUnhandled);
      }
      // The provider disposes its client a microtask after unmount; then nothing of the library may be pending.
      await act(() => Promise.resolve());
      const left = await timers.live();
      timers.stop();
      vi.restoreAllMocks();

      const authCalls = faults.seen.filter((call) => call.path.endsWith('/v1/auth'));
      const failedAuth = authCalls.filter((call) => call.status !== 200).length;
      console.log(
        `hook soak: seed ${SEED}, ${STEPS} steps, ${mutations.length} mutations (${mutations.filter((m) => m.outcome === 'data').length} succeeded), ` +
          `${service.graphqlCalls.length} GraphQL sends, /v1/auth calls ${authCalls.length} ≤ expirations ${expired.size} + failed ${failedAuth} + 1`,
      );

      expect.soft(left).toEqual([]);
      expect.soft(unhandled).toEqual([]);
      expect.soft(warnings).toEqual([]);
      expect.soft(mutations.filter((m) => m.outcome === 'hung')).toEqual([]);
      const queryErrors = view.queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.error)
        .filter((e) => e !== null);
      expect.soft([...errors, ...queryErrors].filter((error) => !isExpectedFailure(error))).toEqual([]);
      expect.soft(authCalls.length).toBeLessThanOrEqual(expired.size + failedAuth + 1);
      expect.soft(service.graphqlCalls.filter((call) => !service.issuedTokens.includes(call.token ?? ''))).toEqual([]);

      const applied = new Map<string, number>();
      for (const call of service.graphqlCalls) {
        if (call.operationName !== 'PauseOp' || call.status !== 200) continue;
        const { op_id } = (JSON.parse(call.body) as { variables: { op_id: string } }).variables;
        applied.set(op_id, (applied.get(op_id) ?? 0) + 1);
      }
      expect.soft(mutations.filter((m) => (applied.get(m.opId) ?? 0) > 1 || (m.outcome === 'data' && applied.get(m.opId) !== 1))).toEqual([]);
      expect.soft(mutations.some((m) => m.outcome === 'data')).toBe(true);

      const requests = [...service.authCalls, ...service.graphqlCalls, ...faults.seen];
      expect.soft(secretLeaks(API_KEY, { requests, consoleCalls, errors: [...errors, ...queryErrors], queryClient: view.queryClient })).toEqual([]);
    },
    60_000 + STEPS * 200,
  );
});
