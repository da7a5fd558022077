// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { createGraphQLProxy, memoryTokenCache } from '../../src/server/index.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { trackLibraryTimers, type TimerTracker } from '../support/live-timers.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';

let tracker: TimerTracker | undefined;
afterEach(() => {
  tracker?.stop();
});

describe('timers: the shared token cache', () => {
  it('each cache call’s time limit ends with the call: after answers and dispose(), no timer of the library is left', async () => {
    tracker = trackLibraryTimers();
    const running = await startService();
    // A limit far beyond the test: a limit left running would still be pending at the end.
    const cache = { ...memoryTokenCache(), timing: { callTimeoutMs: 60_000 } };
    const proxy = createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache: cache });
    const url = await serveHandler(proxy);

    const answers = await Promise.all([post(url, { query: '{ pentests_count }' }), post(url, { query: '{ pentests_count }' })]);
    proxy.dispose();

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await tracker.live()).toEqual([]);
  });
});
