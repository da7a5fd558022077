import { AuthConfigError } from '../errors/index.js';
import type { AuthClientOptions } from './options.js';

/** The options whose value comes from a factory (or, for apiKey and region, is a plain value). */
export type OptInName = 'apiKey' | 'tokenEndpoint' | 'graphqlProxy' | 'region' | 'persist' | 'tabSync' | 'devtools';

/** Options as the client reads them: an opt-in that is off is absent. */
export type ReadOptions = Omit<AuthClientOptions, OptInName> & {
  apiKey?: string;
  tokenEndpoint?: Exclude<AuthClientOptions['tokenEndpoint'], false | null | undefined>;
  graphqlProxy?: Exclude<AuthClientOptions['graphqlProxy'], false | null | undefined>;
  region?: Exclude<AuthClientOptions['region'], false | null | undefined>;
  persist?: Exclude<AuthClientOptions['persist'], false | null | undefined>;
  tabSync?: Exclude<AuthClientOptions['tabSync'], false | null | undefined>;
  devtools?: Exclude<AuthClientOptions['devtools'], false | null | undefined>;
};

const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null);
const hasFunction = (value: unknown, name: string) => typeof record(value)?.[name] === 'function';

/** What each opt-in takes, and how to tell its factory's value from anything else. */
const SHAPES: Record<OptInName, { takes: string; fits: (value: unknown) => boolean }> = {
  apiKey: { takes: 'a string', fits: (value) => typeof value === 'string' },
  tokenEndpoint: { takes: 'tokenEndpoint(url)', fits: (value) => record(value)?.kind === 'tokenEndpoint' && hasFunction(value, 'source') },
  graphqlProxy: { takes: 'graphqlProxy(url)', fits: (value) => record(value)?.kind === 'graphqlProxy' && hasFunction(value, 'client') },
  region: {
    takes: 'a region name or autoRegion()',
    fits: (value) => typeof value === 'string' || (record(value)?.kind === 'auto' && hasFunction(value, 'chooser')),
  },
  persist: { takes: 'sessionPersistence()', fits: (value) => hasFunction(value, 'open') && typeof record(value)?.key === 'string' },
  tabSync: { takes: "tabSync('app-name')", fits: (value) => hasFunction(value, 'connect') && typeof record(value)?.channel === 'string' },
  devtools: { takes: 'authDevtools()', fits: (value) => hasFunction(value, 'connect') },
};

const describe = (value: unknown) => (value === '' ? 'an empty string' : typeof value === 'string' ? 'a string' : typeof value === 'object' ? 'an object' : typeof value);

/**
 * `false`, `null` and `undefined` mean off for every opt-in, as React code writes it
 * (`persist={rememberMe && sessionPersistence()}`); anything else that is not what its factory gives
 * is left out and reported as an AuthConfigError naming the option, never a TypeError later.
 */
export function readOptIns(options: AuthClientOptions): { options: ReadOptions; error: AuthConfigError | null } {
  let error: AuthConfigError | null = null;
  const kept = Object.entries(options).filter(([name, value]) => {
    const shape = SHAPES[name as OptInName] as (typeof SHAPES)[OptInName] | undefined;
    if (shape === undefined) return true;
    if (value === false || value === null || value === undefined) return false;
    if (shape.fits(value)) return true;
    error ??= new AuthConfigError(`${name} takes ${shape.takes}, or false, null or undefined for off; got ${describe(value)}`);
    return false;
  });
  return { options: Object.fromEntries(kept), error };
}
