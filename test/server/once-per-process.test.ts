// @vitest-environment node
// Next.js bundles each route with its own copy of every module; these tests load the server entry
// twice (vi.resetModules between), as two routes' bundles hold it.
import { AuthConfigError } from 'graphql-jwt-auth-react/core';
import { oncePerProcess } from 'graphql-jwt-auth-react/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMockService } from '../support/serve.ts';
import { hasSession, post, serveHandler } from './serve-handler.ts';

type ServerEntry = typeof import('graphql-jwt-auth-react/server');

async function twoCopies(): Promise<[ServerEntry, ServerEntry]> {
  const first = await import('graphql-jwt-auth-react/server');
  vi.resetModules();
  const second = await import('graphql-jwt-auth-react/server');
  return [first, second];
}

let names = 0;
/** A name no other test used: the values live on globalThis for the whole worker. */
const freshName = () => `once-per-process-test-${String(++names)}-${String(Date.now())}`;

afterEach(() => {
  vi.resetModules();
});

describe('oncePerProcess: one value per process, whichever copy of the module asks', () => {
  it('two copies of the server entry (two routes’ bundles) get the same value, made once', async () => {
    const [first, second] = await twoCopies();
    expect(second.oncePerProcess).not.toBe(first.oncePerProcess);
    const name = freshName();
    const make = vi.fn(() => ({ made: true }));
    const fromFirst = first.oncePerProcess(name, make);
    const fromSecond = second.oncePerProcess(name, make);
    expect(fromSecond).toBe(fromFirst);
    expect(make).toHaveBeenCalledTimes(1);
    expect(first.oncePerProcess(freshName(), () => 'other')).toBe('other');
  });

  it('two routes’ token handlers made through it share one handler: one /v1/auth call between them', async () => {
    const running = await startMockService({ apiKeys: ['route-key'] });
    try {
      const [first, second] = await twoCopies();
      const name = freshName();
      const backend = (entry: ServerEntry) =>
        entry.oncePerProcess(name, () =>
          entry.createTokenHandler({ apiKey: 'route-key', region: 'us', regions: running.regions, authorizeRequest: hasSession }),
        );
      const routeA = await serveHandler(backend(first));
      const routeB = await serveHandler(backend(second));
      const answers = await Promise.all([post(routeA, {}), post(routeB, {}), post(routeA, {}), post(routeB, {})]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(running.service.authCalls).toHaveLength(1);
    } finally {
      await running.close();
    }
  });

  it('a make that throws keeps nothing: the next call makes the value', () => {
    const name = freshName();
    expect(() =>
      oncePerProcess(name, () => {
        throw new Error('API_KEY is not set');
      }),
    ).toThrow('API_KEY is not set');
    expect(oncePerProcess(name, () => 42)).toBe(42);
  });

  it.each([
    ['an empty name', ''],
    ['no name', undefined],
    ['a number', 1],
  ])('%s is a typed error naming the function, and nothing is made', (_what, name) => {
    const make = vi.fn(() => 1);
    let thrown: unknown;
    try {
      oncePerProcess(name as string, make);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AuthConfigError);
    expect((thrown as AuthConfigError).message).toBe('oncePerProcess needs a non-empty name, the same in every route');
    expect(make).not.toHaveBeenCalled();
  });
});
