// false, null and undefined mean off for every opt-in option, as React code writes it; any other
// value that is not what its factory gives is an AuthConfigError naming the option, never a TypeError.
import { describe, expect, it } from 'vitest';
import { AuthConfigError, authDevtools, autoRegion, createAuthClient, graphqlProxy, sessionPersistence, tabSync, tokenEndpoint } from '../../../src/index.js';
import { API_KEY, type Running, startService } from '../../support/fixtures.js';
import { memoryStorage } from '../../support/memory-storage.js';

const ITEMS = '{ pentests_count }';
const OFF = [false, null, undefined] as const;

function clientWith(running: Running, extra: Record<string, unknown>) {
  const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, ...extra });
  return client;
}

describe('an opt-in that is off', () => {
  it.each(['persist', 'tabSync', 'devtools', 'tokenEndpoint', 'graphqlProxy'])(
    '%s: false, null and undefined each leave the client as without it',
    async (name) => {
      for (const off of OFF) {
        const running = await startService();
        const client = clientWith(running, { [name]: off });
        expect(await client.request(ITEMS)).toEqual({ pentests_count: expect.any(Number) as number });
        expect(running.service.authCalls).toHaveLength(1);
        expect(client.store.getState().error).toBeNull();
        client.dispose();
      }
    },
  );

  it('persist off stores nothing; the same option on stores the token', async () => {
    const running = await startService();
    const storage = memoryStorage();
    for (const rememberMe of [false, true]) {
      const client = clientWith(running, { persist: rememberMe && sessionPersistence({ storage }) });
      await client.request(ITEMS);
      expect(storage.items.size).toBe(rememberMe ? 1 : 0);
      client.dispose();
    }
  });

  it('region discovery off (region: false) is no region: the API key mode says it needs one', async () => {
    const running = await startService();
    const client = clientWith(running, { region: false });
    await expect(client.request(ITEMS)).rejects.toBeInstanceOf(AuthConfigError);
    expect(running.service.authCalls).toHaveLength(0);
  });
});

describe('an opt-in given something else', () => {
  const WRONG = [
    ['a string', 'yes'],
    ['a number', 42],
    ['true', true],
    ['an object of another shape', { open: 'no' }],
    ['a function', () => undefined],
  ] as const;
  const OPTIONS = {
    persist: 'sessionPersistence()',
    tabSync: "tabSync('app-name')",
    devtools: 'authDevtools()',
    tokenEndpoint: 'tokenEndpoint(url)',
    graphqlProxy: 'graphqlProxy(url)',
    region: 'a region name or autoRegion()',
  } as const;

  it.each(Object.entries(OPTIONS))('%s: each wrong value is an AuthConfigError naming it and what it takes; nothing is asked', async (name, takes) => {
    const running = await startService();
    for (const [, value] of WRONG) {
      if (name === 'region' && typeof value === 'string') continue; // any string names a region
      const client = clientWith(running, { [name]: value });
      const error = client.store.getState().error;
      expect(error).toBeInstanceOf(AuthConfigError);
      expect(error?.message).toMatch(new RegExp(`^${name} takes ${takes.replace(/[()]/g, '\\$&')}, or false, null or undefined for off`));
      await expect(client.request(ITEMS)).rejects.toBe(error);
      client.dispose();
    }
    expect(running.service.authCalls).toHaveLength(0);
  });

  it('the factories’ own values are taken', () => {
    const regions = { us: 'https://us.example.com' };
    for (const options of [
      {
        apiKey: 'k',
        region: autoRegion(),
        regions,
        persist: sessionPersistence({ storage: memoryStorage() }),
        tabSync: tabSync('app'),
        devtools: authDevtools(),
      },
      { tokenEndpoint: tokenEndpoint('/api/token'), regions },
      { graphqlProxy: graphqlProxy('http://127.0.0.1:1/api/graphql') },
    ]) {
      const client = createAuthClient(options);
      expect(client.store.getState().error).toBeNull();
      client.dispose();
    }
  });
});
