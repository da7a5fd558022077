// @vitest-environment node
// The forced-renewal guarantee of test/server/forced-renewals.test.ts across processes: a browser's
// {"expired": T} for the farm's valid current token costs no /v1/auth call on any of them.
import { describe, expect, it } from 'vitest';
import { startService, type Running } from '../support/fixtures.js';
import { post } from '../server/serve-handler.js';
import { startFarm, testRedis } from './farm.js';

const tokenOf = async (response: Response) => ((await response.json()) as { token: string }).token;
const checks = (running: Running) => running.service.graphqlCalls.filter((call) => call.operationName === 'TokenCheck');

describe('4 processes on one Redis', () => {
  it('100 posts of the valid current token across them cost no /v1/auth call beyond the first', async () => {
    const running = await startService();
    const redis = await testRedis();
    const farm = await startFarm({ REDIS_URL: redis.url, SERVICE_URL: running.baseUrl }, ['token', 'token', 'token', 'token']);
    const first = await tokenOf(await post(`${farm[0]!.url}/api/token`, {}));
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => post(`${farm[index % 4]!.url}/api/token`, { expired: first }).then(tokenOf)));
    expect(new Set(answers)).toEqual(new Set([first]));
    expect(running.service.authCalls).toHaveLength(1);
    // Claims share a check while one runs: far fewer checks than claims.
    expect(checks(running).length).toBeLessThan(50);
  });
});
