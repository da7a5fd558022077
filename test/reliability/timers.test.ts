import { afterEach, describe, expect, it } from 'vitest';
import { AuthNetworkError } from '../../src/index.js';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../support/documents.js';
import { clientFor, startService } from '../support/fixtures.js';
import { trackLibraryTimers, type TimerTracker } from '../support/live-timers.js';
import { tabSync } from '../../src/index.js';

let tracker: TimerTracker | undefined;
afterEach(() => {
  tracker?.stop();
});

describe('timers', () => {
  it('the tracker sees a pending renewal timer, and none once the client is disposed', async () => {
    tracker = trackLibraryTimers();
    const running = await startService();
    const client = clientFor(running);

    await client.request(PentestsDocument, { page_size: 1 });
    expect((await tracker.live()).some((stack) => stack.includes('renewal-timer'))).toBe(true);

    client.dispose();
    expect(await tracker.live()).toEqual([]);
  });

  it('after auth calls, failed ones included, sends and dispose(), no timer of the library is left', async () => {
    tracker = trackLibraryTimers();
    const running = await startService();
    running.service.queueAuthFailures(503);
    let clock = Date.now();
    const client = clientFor(running, { now: () => clock });

    await expect(client.request(PentestsDocument)).rejects.toMatchObject({ name: 'AuthServerError' });
    clock += 1_000; // past the outage backoff's first step
    await client.request(PauseOpDocument, { op_id: runningOpId() });
    running.service.expireTokensNow();
    await client.request(PentestsDocument);
    expect(running.service.authCalls).toHaveLength(3);
    client.dispose();

    expect(await tracker.live()).toEqual([]);
  });

  it('an auth call slower than authTimeoutMs fails with AuthNetworkError (cause TimeoutError) and leaves no timer', async () => {
    tracker = trackLibraryTimers();
    const running = await startService();
    running.service.authDelayMs = 1_000;
    const client = clientFor(running, { authTimeoutMs: 50 });

    const error: unknown = await client.getToken().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthNetworkError);
    expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
    client.dispose();
    expect(await tracker.live()).toEqual([]);
  });

  // Found by the model (fuzz-client-model): signOut(0) as a tab's first use, then dispose().
  it("with tabSync, dispose() right after the first use leaves no timer (the wait for other tabs' answers ends)", async () => {
    tracker = trackLibraryTimers();
    const running = await startService();
    const client = clientFor(running, { tabSync: tabSync(`timers-${crypto.randomUUID()}`) });

    client.signOut();
    client.dispose();

    expect(await tracker.live()).toEqual([]);
  });
});
