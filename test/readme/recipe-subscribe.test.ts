// @vitest-environment node
// docs/live-data.md's subscription example, run as written against the mock with four-second tokens.
import { afterEach, expect, it } from 'vitest';
import { pentestTopic } from '../../mock-service/index.ts';
import { startMockService } from '../support/serve.js';
import { followPentest } from './recipe-subscribe.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

it('prints every state change across renewals, each once', { timeout: 30_000 }, async () => {
  const { service, regions, close } = await startMockService({ tokenLifetimeSec: 4 });
  closers.push(close);
  const opId = service.demo.store('us').pentests[0]?.op_id ?? '';
  const lines: string[] = [];
  const controller = new AbortController();
  const following = followPentest('test-key', regions, opId, controller.signal, (line) => lines.push(line));
  await expect.poll(() => service.subscriptionConnections[0]?.subscriptions).toBe(1);

  const stop = service.emitEvery(20);
  // Two renewals later (each one /v1/auth), stop publishing and read the last event.
  await expect.poll(() => service.authCalls.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  stop();
  const last = service.publish(pentestTopic('pentestStateChanged', opId));
  await expect.poll(() => lines.length).toBe(last);
  controller.abort();
  await following;

  const state = service.demo.store('us').pentests[0]?.state ?? '';
  expect(lines).toEqual(Array.from({ length: last }, (_, index) => `#${String(index + 1)} ${state}`));
});
