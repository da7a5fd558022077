// @vitest-environment node
// Which node-redis clients redisTokenCache takes. node-redis 5 (`redis5`, an aliased devDependency
// of redis@5) is inside the peer range: its single client works; its cluster client has no isReady
// and never learns of a failover, so it is refused at start-up rather than left to fail in silence.
// The cluster client of node-redis 6 is run on a real cluster by redis-cluster-farm.test.ts.
import { createClient as createClient5, createCluster as createCluster5 } from 'redis5';
import { describe, expect, it } from 'vitest';
import { AuthConfigError } from '../../src/index.js';
import { redisTokenCache } from '../../src/redis/index.js';
import { createGraphQLProxy } from '../../src/server/index.js';
import { hasSession, post, serveHandler } from '../server/serve-handler.js';
import { API_KEY, startService } from '../support/fixtures.js';
import { testRedis } from './farm.js';

const ITEMS = { query: '{ pentests_count }' };

describe('redisTokenCache and the node-redis versions of the peer range', () => {
  it("refuses node-redis 5's cluster client at start-up with an AuthConfigError that names the version clusters need", () => {
    // Never connected: the refusal comes before any command.
    const cluster = createCluster5({ rootNodes: [{ url: 'redis://127.0.0.1:1' }], defaults: { disableOfflineQueue: true } });

    // @ts-expect-error: its type lacks isReady too, so a TypeScript app is told before it runs.
    const start = () => redisTokenCache(cluster, { keySecret: 'a 32-byte secret from the vault!' });

    expect(start).toThrow(AuthConfigError);
    expect(start).toThrow(
      "redisTokenCache needs a cluster client (createCluster) of redis >= 6: redis 5's has no isReady and never learns of a failover; a single client (createClient) works on redis >= 5",
    );
  });

  it('refuses any other client without isReady, saying what it takes', () => {
    const withoutIsReady = { set: () => Promise.resolve('OK'), eval: () => Promise.resolve(null), on: () => undefined, listenerCount: () => 1 };

    expect(() => redisTokenCache(withoutIsReady as never)).toThrow(
      new AuthConfigError('redisTokenCache takes a node-redis client (createClient, or createCluster of redis >= 6): this one has no isReady'),
    );
  });

  it("takes node-redis 5's single client: a second proxy on it takes the stored token, no /v1/auth of its own", async () => {
    const running = await startService();
    const redis = await testRedis();
    const proxies = [];
    const clients = [createClient5({ url: redis.url, disableOfflineQueue: true }), createClient5({ url: redis.url, disableOfflineQueue: true })];
    try {
      for (const client of clients) {
        await client.connect();
        const tokenCache = redisTokenCache(client, { keySecret: 'a 32-byte secret from the vault!' });
        proxies.push(
          await serveHandler(
            createGraphQLProxy({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, authorizeRequest: hasSession, tokenCache }),
          ),
        );
      }
      for (const proxy of proxies) expect((await post(proxy, ITEMS)).status).toBe(200);
    } finally {
      for (const client of clients) client.destroy();
    }

    expect(running.service.authCalls).toHaveLength(1);
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual(Array(2).fill(running.service.issuedTokens[0]));
  });
});
