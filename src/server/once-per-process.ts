import { AuthConfigError } from '../core/errors/auth-config-error.js';

/**
 * The value `name` stands for in this process (this isolate, on an edge runtime), made by `make` on
 * first use. Next.js bundles each route and page with its own copy of every module, this library's
 * included, so a module variable would make one handler (one token, one renewal timer) per route; the
 * value is kept on `globalThis` under `Symbol.for`, which every copy reaches. A `make` that throws
 * keeps nothing: the next call tries again.
 */
export function oncePerProcess<T>(name: string, make: () => T): T {
  if (typeof name !== 'string' || name === '') throw new AuthConfigError('oncePerProcess needs a non-empty name, the same in every route');
  const key = Symbol.for(`graphql-jwt-auth-react.oncePerProcess:${name}`);
  const slot = globalThis as typeof globalThis & { [key: symbol]: { value: T } | undefined };
  const held = slot[key];
  if (held !== undefined) return held.value;
  const value = make();
  slot[key] = { value };
  return value;
}
