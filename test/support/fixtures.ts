import { afterEach, expect } from 'vitest';
import { type AuthClientOptions, type CoreAuthClient, createAuthClient } from '../../src/index.js';
import type { DemoService, DemoServiceOptions } from './mock-service.js';
import { startMockService } from './serve.js';

export const API_KEY = 'test-key';

export interface Running {
  service: DemoService;
  baseUrl: string;
}

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A mock service on 127.0.0.1 that closes after the test. */
export async function startService(options: DemoServiceOptions = {}): Promise<Running> {
  const { service, baseUrl, close } = await startMockService({ apiKeys: [API_KEY], ...options });
  cleanups.push(close);
  return { service, baseUrl };
}

/** A client pointed at the service under the region name "test"; disposed after the test. */
export function clientFor(running: Running, options: Partial<AuthClientOptions> = {}): CoreAuthClient {
  // A test switching modes passes `apiKey: undefined` beside its mode, which the spread's type cannot follow.
  const client = createAuthClient({ apiKey: API_KEY, region: 'test', regions: { test: running.baseUrl }, ...options } as AuthClientOptions);
  cleanups.push(() => {
    client.dispose();
  });
  return client;
}

export function bearerTokens(service: DemoService): Array<string | null> {
  return service.graphqlCalls.map((call) => call.token);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls a condition for up to 2.5 s, then fails the test if it still does not hold. */
export async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await sleep(5);
  expect(condition()).toBe(true);
}
