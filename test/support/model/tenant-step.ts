import type fc from 'fast-check';
import { expect } from 'vitest';
import { keyIssuedFor } from '../../server/tenant-fixtures.js';
import type { DemoService } from '../mock-service.js';

/** A deployment of many tenants under a model: what went wrong so far, and the sends that crossed tenants. */
export interface TenantWorld {
  readonly failures: readonly string[];
  crossed: () => string[];
}

/**
 * The upstream GraphQL requests that carried a token the service issued for another key than their
 * tenant's: the operations are named `T<tenant>_Op<n>`; others (a token handler's own TokenCheck,
 * which carries the token a browser reported) are not a tenant's.
 */
export function crossedCalls(service: DemoService, keyOf: (tenant: number) => string): string[] {
  return service.graphqlCalls.flatMap(({ operationName, token }) => {
    const tenant = /^T(\d+)_Op/.exec(operationName ?? '')?.[1];
    return tenant === undefined || keyIssuedFor(service, token) === keyOf(Number(tenant)) ? [] : [String(operationName)];
  });
}

/** A command that acts, then holds that nothing failed and nothing crossed. */
export const tenantStep = <World extends TenantWorld>(label: string, act: (world: World) => Promise<void> | void): fc.AsyncCommand<object, World> => ({
  check: () => true,
  async run(_model, world) {
    await act(world);
    expect(world.failures).toEqual([]);
    expect(world.crossed(), 'upstream requests with another tenant’s token').toEqual([]);
  },
  toString: () => label,
});
