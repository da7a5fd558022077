import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../src/testing/index.ts';
import type { RuntimeProcess } from './runtime-process.ts';
import { startWorkerdFleet } from './workerd-config.ts';

const API_KEY = 'fleet-key';
const SCRIPTS = 4;
const REQUESTS_PER_SCRIPT = 200;
/** 32 bytes, base64: what `openssl rand -base64 32` prints. */
const CACHE_KEY = 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=';
const HELLO = JSON.stringify({ query: '{ hello }' });

const running: Array<{ close: () => Promise<void> } | RuntimeProcess> = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await ('stop' in item ? item.stop() : item.close());
});

async function fleet(host: string): Promise<{ mock: MockService; urls: string[]; output: () => string }> {
  const mock = createMockService({
    typeDefs: 'type Query { hello: String }',
    resolvers: { Query: { hello: () => 'world' } },
    apiKeys: [API_KEY],
    regions: ['local'],
  });
  const listening = await mock.listen();
  running.push(listening);
  const started = await startWorkerdFleet({
    script: 'fleet-worker.mjs',
    host,
    count: SCRIPTS,
    bindings: { UPSTREAM: listening.baseUrl, API_KEY, CACHE_KEY },
  });
  running.push(started);
  return { mock, urls: started.urls, output: started.output };
}

/** 200 requests to each script at once; the statuses of all of them. */
async function burst(urls: string[]): Promise<number[]> {
  const ask = (url: string) =>
    fetch(`${url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'session=signed-in' }, body: HELLO }).then(
      async (response) => {
        const body = (await response.json()) as { data?: { hello?: string } };
        return body.data?.hello === 'world' ? response.status : -response.status;
      },
    );
  return Promise.all(urls.flatMap((url) => Array.from({ length: REQUESTS_PER_SCRIPT }, () => ask(url))));
}

describe('a fleet of 4 Worker scripts bound to one TokenCacheObject namespace (workerd)', () => {
  it('makes 1 upstream /v1/auth call cold and 1 per expiry for 800 requests each time', async () => {
    const { mock, urls } = await fleet('token-cache-host.mjs');
    const cold = await burst(urls);
    expect(cold.filter((status) => status !== 200)).toEqual([]);
    expect(cold).toHaveLength(SCRIPTS * REQUESTS_PER_SCRIPT);
    expect(mock.authCalls).toHaveLength(1);

    mock.expireTokensNow();
    const afterExpiry = await burst(urls);
    expect(afterExpiry.filter((status) => status !== 200)).toEqual([]);
    expect(mock.authCalls).toHaveLength(2);
    // Every script used the one shared token: the second one the service issued.
    expect(
      new Set(
        mock.graphqlCalls
          .slice(-SCRIPTS * REQUESTS_PER_SCRIPT)
          .filter((call) => !call.expired)
          .map((call) => call.token),
      ),
    ).toEqual(new Set([mock.issuedTokens[1]]));
  });

  it('with the Durable Object unavailable: no request fails, each script renews on its own and says so once', async () => {
    const { mock, urls, output } = await fleet('broken-cache-host.mjs');
    const statuses = await burst(urls);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(mock.authCalls).toHaveLength(SCRIPTS);
    // One line per script (an isolate each), naming no key and no token.
    const warnings = output()
      .split('\n')
      .filter((line) => line.includes('the token cache is unavailable'));
    expect(warnings).toHaveLength(SCRIPTS);
    expect(output()).not.toContain(API_KEY);
    expect(mock.issuedTokens.filter((token) => output().includes(token))).toEqual([]);
  });
});
