// @vitest-environment node
// A proxy with an `onEvent` listener reports every browser's operation by name, scanned from the
// query text: nothing of those texts may stay in the process after their requests (issue 47's fourth
// finding: a cache meant for an app's few documents kept a hundred bodies of up to maxBodyBytes).
// Its own process (test/reliability), so that no other file's heap is counted.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { AuthEvent } from '../../src/index.js';
import { createGraphQLProxy } from '../../src/server/index.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The heap in use once everything unreachable is collected. */
function heapInUse(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

const MB = 1024 * 1024;

describe('query texts a proxy reports on', () => {
  it('99 distinct 200 kB queries leave less than 6 MB behind once answered (before: every one kept, about 20 MB)', { timeout: 60_000 }, async () => {
    const running = await startService();
    const names: string[] = [];
    const listener = (event: AuthEvent) => {
      if (event.type === 'operation') names.push(event.operationName);
    };
    const proxy = createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, onEvent: listener });
    const url = `${await serveHandler(proxy)}/api/graphql`;
    expect((await post(url, { query: 'query Warm { pentests_count }' })).status).toBe(200);
    running.service.resetCounters();
    const before = heapInUse();

    // 99 and the warm-up: a cache bounded by count alone (100) kept them all.
    for (let sent = 0; sent < 99; sent++) {
      // Distinct texts, each a valid operation with a long comment, as a browser may send.
      const query = `query Q${sent} { pentests_count }\n#${String(sent).padStart(4, '0')}${'x'.repeat(200 * 1024)}`;
      expect((await post(url, { query })).status).toBe(200);
    }
    // The mock service's own records hold the bodies it was sent: they are not the proxy's.
    running.service.resetCounters();
    const grew = heapInUse() - before;

    expect(names).toHaveLength(100);
    expect(names.at(-1)).toBe('Q98');
    expect(grew).toBeLessThan(6 * MB);
  });
});
