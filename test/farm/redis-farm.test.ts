// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { startService } from '../support/fixtures.js';
import { browsers, queryAll, startFarm, testRedis } from './farm.js';

describe('four server processes on one Redis share one token', () => {
  it('cold start: 200 browser clients over 4 processes cost 1 upstream /v1/auth; a server-side expiry 1 more, 0 failed requests', async () => {
    const running = await startService();
    const redis = await testRedis();
    const farm = await startFarm({ REDIS_URL: redis.url, SERVICE_URL: running.baseUrl });
    const clients = browsers(farm, 200, running.baseUrl);

    expect(await queryAll(clients)).toEqual([]);
    expect(running.service.authCalls).toHaveLength(1);
    running.service.expireAllTokensNow();
    expect(await queryAll(clients)).toEqual([]);
    expect(running.service.authCalls).toHaveLength(2);
    expect(running.service.graphqlCalls.filter((call) => !call.expired).map((call) => call.token)).toEqual(
      Array(400).fill(null).map((_, index) => running.service.issuedTokens[index < 200 ? 0 : 1]),
    );
  });
});
