import { afterEach } from 'vitest';
import { type FaultPlan, type FaultyHandler, withFaults } from './chaos.js';
import { API_KEY, type Running } from './fixtures.js';
import { createDemoService, type DemoServiceOptions } from './mock-service.js';
import { serve } from './serve.js';

export interface FaultyRunning extends Running {
  readonly faults: FaultyHandler;
}

const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The mock service on 127.0.0.1 behind a fault plan (none by default); closed after the test. */
export async function startFaultyService(plan?: FaultPlan, options: DemoServiceOptions = {}): Promise<FaultyRunning> {
  const service = createDemoService({ apiKeys: [API_KEY], ...options });
  const faults = withFaults((request) => service.handle(request), plan);
  const { url, close } = await serve(faults.handle);
  closers.push(close);
  return { service, baseUrl: url, faults };
}

/** A plan that answers the next `times` GraphQL requests with `body` before they reach the service. */
export function refuseGraphql(times: number, status: number, body: string): FaultPlan {
  let left = times;
  return ({ path }) => {
    if (!path.endsWith('/graphql') || left <= 0) return null;
    left -= 1;
    return { before: { status, body } };
  };
}
