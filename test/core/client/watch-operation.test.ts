import { afterEach, describe, expect, it } from 'vitest';
import { watchOperation } from 'graphql-jwt-auth-react/core';
import { PentestDocument, type PentestRow, runningOpId } from '../../support/documents.js';
import { clientFor, type Running, startService } from '../../support/fixtures.js';
import { trackLibraryTimers } from '../../support/live-timers.js';

/** The CLI's "Monitoring pentests": done and ended are the ends; paused is not. */
const ended = (data: { pentest: PentestRow | null }) => ['done', 'ended'].includes(data.pentest?.state ?? 'ended');

function pentestOf(running: Running, opId: string) {
  const pentest = running.service.demo.store('us').pentests.find((candidate) => candidate.op_id === opId);
  if (pentest === undefined) throw new Error(`no pentest ${opId}`);
  return pentest;
}

const setVisibility = (visibility: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('watchOperation', () => {
  afterEach(() => {
    // jsdom's own value comes back.
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('polls until a terminal state across two expiries, past a pause, and yields the terminal answer last', async () => {
    const running = await startService();
    const client = clientFor(running);
    const opId = runningOpId();
    const pentest = pentestOf(running, opId);

    const states: string[] = [];
    for await (const data of watchOperation(client, PentestDocument, { op_id: opId }, { until: ended, intervalMs: 20 })) {
      states.push(data.pentest!.state);
      // The service moves the pentest on between polls; twice its tokens expire meanwhile.
      if (states.length === 1) running.service.expireTokensNow();
      if (states.length === 2) pentest.state = 'paused';
      if (states.length === 3) running.service.expireTokensNow();
      if (states.length === 4) pentest.state = 'done';
    }

    expect(states).toEqual(['running', 'running', 'paused', 'paused', 'done']);
    // One token, then one per expiry; five polls, two of them re-sent once after the expired answer.
    expect(running.service.authCalls).toHaveLength(3);
    expect(running.service.graphqlCalls.map((call) => call.expired)).toEqual([false, true, false, false, true, false, false]);
  });

  it('sends nothing while the page is hidden and polls again as soon as it is shown', async () => {
    const running = await startService();
    const client = clientFor(running);
    const opId = runningOpId();
    const watch = watchOperation(client, PentestDocument, { op_id: opId }, { until: ended, intervalMs: 10 });

    await watch.next();
    setVisibility('hidden');
    const second = watch.next();
    // Many intervals go by: nothing is sent while hidden.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(running.service.graphqlCalls).toHaveLength(1);

    pentestOf(running, opId).state = 'ended';
    setVisibility('visible');
    expect(await second).toEqual({ done: false, value: { pentest: expect.objectContaining({ state: 'ended' }) as unknown } });
    expect(await watch.next()).toEqual({ done: true, value: undefined });
    expect(running.service.graphqlCalls).toHaveLength(2);
  });

  it('backs off after transient failures, and throws one that is not transient', async () => {
    const running = await startService();
    const client = clientFor(running);
    running.service.queueGraphqlFailures(503, 503);
    const watch = watchOperation(client, PentestDocument, { op_id: runningOpId() }, { until: ended, intervalMs: 10, retryDelayMs: 30 });

    const started = Date.now();
    expect((await watch.next()).done).toBe(false);
    // 30 ms, then 60 ms: doubled.
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(running.service.graphqlCalls.map((call) => call.status)).toEqual([503, 503, 200]);
    await watch.return();

    const refused = watchOperation(client, PentestDocument, { op_id: runningOpId() }, { until: ended, intervalMs: 10 });
    running.service.queueGraphqlFailures(400);
    await expect(refused.next()).rejects.toMatchObject({ response: { status: 400 } });
    expect(running.service.graphqlCalls).toHaveLength(4);
  });

  it('ends cleanly when aborted between polls or while hidden, leaving no timer or listener behind', async () => {
    const running = await startService();
    const client = clientFor(running);
    await client.getToken();
    const timers = trackLibraryTimers();
    // The watch's timers: the client's own background renewal (renewal-timer.ts, and the /v1/auth call it
    // starts) is the client's, and on a loaded machine it may be under way at the check.
    const watchTimers = async () => (await timers.live()).filter((stack) => !stack.includes('renewal-timer.ts'));
    try {
      const stop = new AbortController();
      const watch = watchOperation(client, PentestDocument, { op_id: runningOpId() }, { until: ended, intervalMs: 60_000, signal: stop.signal });
      await watch.next();
      const waiting = watch.next();
      stop.abort();
      expect(await waiting).toEqual({ done: true, value: undefined });
      expect(await watchTimers()).toEqual([]);

      const hiddenStop = new AbortController();
      setVisibility('hidden');
      const hidden = watchOperation(client, PentestDocument, { op_id: runningOpId() }, { until: ended, intervalMs: 10, signal: hiddenStop.signal });
      const pending = hidden.next();
      hiddenStop.abort();
      expect(await pending).toEqual({ done: true, value: undefined });
      expect(running.service.graphqlCalls).toHaveLength(1);
      expect(await watchTimers()).toEqual([]);
    } finally {
      timers.stop();
    }
  });

  it('refuses an interval that is not a number of ms', async () => {
    const running = await startService();
    const watch = watchOperation(clientFor(running), PentestDocument, { op_id: runningOpId() }, { until: ended, intervalMs: Number.NaN });
    await expect(watch.next()).rejects.toThrow('watchOperation: intervalMs must be a number of ms ≥ 0, got NaN');
    expect(running.service.graphqlCalls).toHaveLength(0);
  });
});
