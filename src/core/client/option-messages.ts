/**
 * The full messages of the option checks, and the warning for an option the client does not know:
 * what development builds and the server entries say. A production build of an app leaves this
 * module out (create-auth-client.ts wires it behind `process.env.NODE_ENV`), and its checks say only
 * `invalid option (CODE)`; docs/config-errors.md gives the same messages by code.
 */
import { AuthConfigError } from '../errors/index.js';
import { type OptionErrorCode, type OptionFacts, optionFacts } from './option-error.js';
import { CLIENT_OPTION_NAMES } from './options.js';
import { warnUnknownOptions } from './unknown-options.js';

const TAKES: Readonly<Record<string, string>> = {
  apiKey: 'a string',
  tokenEndpoint: 'tokenEndpoint(url)',
  graphqlProxy: 'graphqlProxy(url)',
  region: 'a region name or autoRegion()',
  persist: 'sessionPersistence()',
  tabSync: "tabSync('app-name')",
  devtools: 'authDevtools()',
};

const got = (value: string | number | undefined) => (value === 'string' ? 'a string' : value === 'object' ? 'an object' : String(value));

const MESSAGES: Record<OptionErrorCode, (facts: OptionFacts) => string> = {
  GJA_NUMBER: ({ name, max, got: value }) => `${String(name)} must be a finite number ${max === undefined ? '≥ 0' : `from 0 to ${max}`}, got ${String(value)}`,
  GJA_STRING: ({ name }) => `${String(name)} must be a non-empty string`,
  GJA_MODE_FACTORY: ({ name }) => `${String(name)} takes ${String(name)}(url)`,
  GJA_AUTO_REGION_EMPTY: () => 'autoRegion() needs at least one configured region',
  GJA_REGION_TYPE: () => 'region must be a string or autoRegion()',
  GJA_AUTO_REGION: () => 'region "auto" takes autoRegion()',
  GJA_ONE_MODE: ({ given }) => `Give exactly one of apiKey, tokenEndpoint or graphqlProxy (got ${String(given) || 'none: false, null and undefined are off'})`,
  GJA_REGIONS: () => 'regions must be an object',
  GJA_REGION_NAME: () => 'region names must be non-empty',
  GJA_WAKE: () => 'renewOnWake takes true, false or a wake watcher such as appStateWake(AppState)',
  GJA_OPT_IN: ({ name, got: value }) => `${String(name)} takes ${TAKES[String(name)] ?? '?'}, or false, null or undefined for off; got ${got(value)}`,
};

/** The error with its full message; one that option-error.ts did not make is kept as it is. */
export function explainOptionError(error: AuthConfigError): AuthConfigError {
  const facts = optionFacts(error);
  const message = facts === undefined ? undefined : (MESSAGES as Record<string, ((facts: OptionFacts) => string) | undefined>)[error.code]?.(facts);
  return message === undefined ? error : new AuthConfigError(message, error.code);
}

/** What a client says about its options beyond refusing them, where a person reads it. */
export interface OptionDiagnostics {
  explain: (error: AuthConfigError) => AuthConfigError;
  /** Warns once per name of each option neither the client nor `more` (a provider's own props) knows. */
  warnUnknown: (where: string, given: object, more?: Readonly<Record<string, true>>) => void;
}

export const OPTION_DIAGNOSTICS: OptionDiagnostics = {
  explain: explainOptionError,
  warnUnknown: (where, given, more) => {
    warnUnknownOptions(where, given, more === undefined ? CLIENT_OPTION_NAMES : { ...CLIENT_OPTION_NAMES, ...more });
  },
};
