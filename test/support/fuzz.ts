import fc from 'fast-check';
import { expect } from 'vitest';
import type { AuthClient } from '../../src/index.js';
import { trackLibraryTimers } from './live-timers.js';

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/**
 * fast-check's seed and run count: FUZZ_SEED replays a failure (fast-check prints the seed with the
 * counterexample), FUZZ_RUNS runs longer (`npm run fuzz`).
 */
export function fuzzParameters(): { seed: number; numRuns: number } {
  return { seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), numRuns: FUZZ_RUNS };
}

/**
 * A test bound that grows with FUZZ_RUNS, each run being a few loopback round trips: 60 runs take
 * 4-11 s on a quiet 2-core machine and passed 15 s with its cores busy (`stress-ng --cpu 3`).
 */
export const FUZZ_TIMEOUT_MS = Math.max(120_000, FUZZ_RUNS * 2_000);

/**
 * Checks `run` for each generated input against a fresh client, disposed after each run; no timer
 * of the library may be left pending then, whatever the answers were.
 */
export async function assertForEachClient<T>(
  arbitrary: fc.Arbitrary<T>,
  createClient: (input: T) => AuthClient,
  run: (input: T, client: AuthClient) => Promise<void>,
): Promise<void> {
  const timers = trackLibraryTimers();
  const property = fc.asyncProperty(arbitrary, async (input) => {
    const client = createClient(input);
    try {
      await run(input, client);
    } finally {
      client.dispose();
    }
    expect(await timers.live()).toEqual([]);
  });
  try {
    await fc.assert(property, fuzzParameters());
  } finally {
    timers.stop();
  }
}
