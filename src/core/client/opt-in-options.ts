import type { AuthConfigError } from '../errors/index.js';
import { invalidOption } from './option-error.js';
import type { AuthClientOptions } from './options.js';

/** The options whose value comes from a factory (or, for apiKey and region, is a plain value). */
export type OptInName = 'apiKey' | 'tokenEndpoint' | 'graphqlProxy' | 'region' | 'persist' | 'tabSync' | 'devtools' | 'subscriptions';

/** Options as the client reads them: an opt-in that is off is absent. */
export type ReadOptions = Omit<AuthClientOptions, OptInName> & {
  apiKey?: string;
  tokenEndpoint?: Exclude<AuthClientOptions['tokenEndpoint'], false | null | undefined>;
  graphqlProxy?: Exclude<AuthClientOptions['graphqlProxy'], false | null | undefined>;
  region?: Exclude<AuthClientOptions['region'], false | null | undefined>;
  persist?: Exclude<AuthClientOptions['persist'], false | null | undefined>;
  tabSync?: Exclude<AuthClientOptions['tabSync'], false | null | undefined>;
  devtools?: Exclude<AuthClientOptions['devtools'], false | null | undefined>;
  subscriptions?: Exclude<AuthClientOptions['subscriptions'], false | null | undefined>;
};

const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null);
const hasFunction = (value: unknown, name: string) => typeof record(value)?.[name] === 'function';

/**
 * How to tell each opt-in factory's value from anything else (option-messages.ts says what each takes).
 * Its keys are every opt-in's name: the provider's client identity reads them from here.
 */
export const SHAPES: Record<OptInName, (value: unknown) => boolean> = {
  apiKey: (value) => typeof value === 'string',
  tokenEndpoint: (value) => record(value)?.kind === 'tokenEndpoint' && hasFunction(value, 'source'),
  graphqlProxy: (value) => record(value)?.kind === 'graphqlProxy' && hasFunction(value, 'client'),
  region: (value) => typeof value === 'string' || (record(value)?.kind === 'auto' && hasFunction(value, 'chooser')),
  persist: (value) => hasFunction(value, 'open') && typeof record(value)?.key === 'string',
  tabSync: (value) => hasFunction(value, 'connect') && typeof record(value)?.channel === 'string',
  devtools: (value) => hasFunction(value, 'connect'),
  subscriptions: (value) => hasFunction(value, 'open'),
};

/**
 * `false`, `null` and `undefined` mean off for every opt-in, as React code writes it
 * (`persist={rememberMe && sessionPersistence()}`); anything else that is not what its factory gives
 * is left out and reported as an AuthConfigError naming the option, never a TypeError later.
 */
export function readOptIns(options: AuthClientOptions): { options: ReadOptions; error: AuthConfigError | null } {
  let error: AuthConfigError | null = null;
  const kept = Object.entries(options).filter(([name, value]) => {
    const fits = SHAPES[name as OptInName] as (typeof SHAPES)[OptInName] | undefined;
    if (fits === undefined) return true;
    if (value === false || value === null || value === undefined) return false;
    if (fits(value)) return true;
    error ??= invalidOption('GJA_OPT_IN', { name, got: value === '' ? 'an empty string' : typeof value });
    return false;
  });
  return { options: Object.fromEntries(kept), error };
}
