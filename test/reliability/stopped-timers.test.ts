import { afterEach, describe, expect, it } from 'vitest';
import { InvalidApiKeyError } from '../../src/index.js';
import { clientFor, startService } from '../support/fixtures.js';
import { trackLibraryTimers, type TimerTracker } from '../support/live-timers.js';

let tracker: TimerTracker | undefined;
afterEach(() => {
  tracker?.stop();
});

/** A client that can no longer renew holds no renewal timer, though it is not disposed. */
describe('a stopped session keeps no renewal timer', () => {
  it('after signOut(): no timer of the library is pending', async () => {
    tracker = trackLibraryTimers();
    const running = await startService();
    const client = clientFor(running);
    await client.getToken();
    expect((await tracker.live()).some((stack) => stack.includes('renewal-timer'))).toBe(true);

    client.signOut();

    expect(await tracker.live()).toEqual([]);
  });

  it('after a refused key ends the session (refresh() answered 401): no timer of the library is pending', async () => {
    tracker = trackLibraryTimers();
    const running = await startService();
    const client = clientFor(running);
    await client.getToken();
    running.service.removeApiKey('test-key');

    await expect(client.refresh()).rejects.toBeInstanceOf(InvalidApiKeyError);

    expect(client.store.getState()).toMatchObject({ status: 'error', token: null });
    expect(await tracker.live()).toEqual([]);
  });
});
