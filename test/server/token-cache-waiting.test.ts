// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CachedToken, TokenCacheTiming } from '../../src/server/index.js';
import { sleep, startService, waitUntil } from '../support/fixtures.js';
import { askToken, recordingCache, servedTokenHandler } from './cache-fixtures.js';

/** A farm on one cache and one test clock; `timing` is the cache's, read by each process when it starts. */
async function farm(timing: TokenCacheTiming = {}) {
  const running = await startService();
  let clock = Date.now();
  const now = () => clock;
  const recorded = recordingCache(now);
  recorded.cache.timing = timing;
  const process = () => servedTokenHandler(running, recorded.cache, { now });
  return { running, recorded, process, setClock: (ms: number) => void (clock = ms) };
}

/** The first process's token, once it is due (30 s into the default 60 s margin), with that process. */
async function dueSharedToken(timing: TokenCacheTiming = {}) {
  const shared = await farm(timing);
  const first = await shared.process();
  await askToken(first);
  const entry = shared.recorded.callsOf('write')[0]?.[1] as CachedToken;
  shared.setClock(entry.expiresAt - 30_000);
  return { ...shared, first, entry };
}

/** The answer, or 'still waiting' after 2 s of real time. */
const within2s = <T>(answer: Promise<T>) => Promise.race([answer, sleep(2_000).then(() => 'still waiting' as const)]);

describe('tokenCache: waiting for another process', () => {
  it('waits no longer than waitTimeoutMs for a lease another process keeps: then renews itself and answers', async () => {
    const { running, recorded, process } = await farm({ waitTimeoutMs: 100, pollMs: 10 });
    recorded.cache.takeLease = () => Promise.resolve(false); // held by a process that died renewing

    const answer = await within2s(askToken(await process()));

    expect(answer).toEqual({ status: 200, token: running.service.issuedTokens[0] });
    expect(running.service.authCalls).toHaveLength(1);
  });

  it('by default waits past a short lease for the holder’s renewal: two cold processes cost one /v1/auth', async () => {
    const { running, recorded, process } = await farm({ leaseMs: 1_000, pollMs: 10 });
    const [holder, waiter] = [await process(), await process()];
    const release = running.service.pauseAuth();
    const held = askToken(holder);
    await waitUntil(() => running.service.authCalls.length === 1);
    const waited = askToken(waiter);
    await waitUntil(() => recorded.callsOf('takeLease').length === 2);
    release();

    const answers = await Promise.all([held, waited]);

    expect(running.service.authCalls).toHaveLength(1);
    expect(answers).toEqual(Array(2).fill({ status: 200, token: running.service.issuedTokens[0] }));
  });

  it('two processes that renewed the same due token at once both answer the one that won the compare-and-set', async () => {
    const { running, recorded, process, first } = await dueSharedToken({ waitTimeoutMs: 0 });
    const second = await process();
    const release = running.service.pauseAuth();
    const renewals = [askToken(first), askToken(second)];
    await waitUntil(() => running.service.authCalls.length === 3);
    release();

    const answers = await Promise.all(renewals);
    const shared = await recorded.store.read(recorded.identity());

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]?.token).toBe(answers[1]?.token);
    expect(shared?.token).toBe(answers[0]?.token);
    expect(running.service.issuedTokens.slice(1)).toContain(shared?.token);
  });

  it('a shared token that expired while this process renewed it: the process answers its new token', async () => {
    const { running, first, entry, setClock } = await dueSharedToken();
    const release = running.service.pauseAuth();
    const renewal = askToken(first);
    await waitUntil(() => running.service.authCalls.length === 2);
    setClock(entry.expiresAt + 1); // the cache drops the entry this renewal would replace

    release();

    expect(await renewal).toEqual({ status: 200, token: running.service.issuedTokens[1] });
  });
});
