import { describe, expect, it } from 'vitest';
import { clientFor, startService } from '../support/fixtures.js';

/** Timers holding the Node event loop open (unref'd ones are not listed). */
const refTimers = () => process.getActiveResourcesInfo().filter((type) => type === 'Timeout').length;

describe('a pending background renewal in Node (SSR, scripts, tests)', () => {
  it("does not keep the process alive: no ref'd timer is left once the token is held", async () => {
    const running = await startService();
    const client = clientFor(running);
    const before = refTimers();

    await client.getToken();
    await new Promise<void>((resolve) => setImmediate(resolve));

    // At most as many as before: a timer of the service's or of undici's may end meanwhile; none of ours is added.
    expect(refTimers()).toBeLessThanOrEqual(before);
    client.dispose();
  });
});
