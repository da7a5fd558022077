import { AuthConfigError } from '../errors/index.js';

/** What an option check refused, by code: the values its full message names (never the API key). */
export type OptionFacts = Readonly<Record<string, string | number | undefined>>;

export type OptionErrorCode =
  | 'GJA_NUMBER'
  | 'GJA_STRING'
  | 'GJA_MODE_FACTORY'
  | 'GJA_AUTO_REGION_EMPTY'
  | 'GJA_REGION_TYPE'
  | 'GJA_AUTO_REGION'
  | 'GJA_ONE_MODE'
  | 'GJA_REGIONS'
  | 'GJA_REGION_NAME'
  | 'GJA_OPT_IN'
  | 'GJA_WAKE';

const factsOf = new WeakMap<AuthConfigError, OptionFacts>();

/**
 * The short error an option check throws: the code, no prose, so a production bundle carries no
 * messages. The client's wiring replaces it with the full message where one is wanted
 * (option-messages.ts: development builds and the server entries).
 */
export function invalidOption(code: OptionErrorCode, facts: OptionFacts = {}): AuthConfigError {
  const error = new AuthConfigError(`invalid option (${code})`, code);
  factsOf.set(error, facts);
  return error;
}

/** The facts of an error invalidOption made; undefined for any other. */
export const optionFacts = (error: AuthConfigError): OptionFacts | undefined => factsOf.get(error);
