import { AuthConfigError } from './auth-config-error.js';
import { type ErrorCode, ERROR_MESSAGES, type ErrorMessages } from './error-messages.js';

let inFull: ErrorMessages | undefined;

/** The server entries say every error in full whatever `NODE_ENV` says: a server's log is read, not shipped. */
export function tellErrorsInFull(): void {
  inFull = ERROR_MESSAGES;
}

/**
 * The full messages in development, none in a production build. Bundlers replace
 * `process.env.NODE_ENV`, so a production build folds this to undefined and leaves error-messages.ts
 * out (the form matters: the read must decide the conditional alone once replaced). Read when an
 * error is made, never at load: Deno without --allow-env refuses it, which means codes only.
 */
function fullMessages(): ErrorMessages | undefined {
  try {
    return typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? ERROR_MESSAGES : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An error's message: in full where one is wanted, else its code and facts (`GJA_TOKEN_EXPIRED 401`),
 * which name no secret either: the facts are statuses, URLs and the servers' own words.
 */
export function errorMessage<C extends ErrorCode>(code: C, ...facts: Parameters<ErrorMessages[C]>): string {
  const messages = inFull ?? fullMessages();
  if (messages !== undefined) return (messages[code] as (...given: typeof facts) => string)(...facts);
  return [code, ...facts].filter((fact) => fact !== undefined).join(' ');
}

/** An AuthConfigError outside the option checks (an unknown region, a hook outside its provider), told the same way. */
export function unusableConfig<C extends ErrorCode>(code: C, ...facts: Parameters<ErrorMessages[C]>): AuthConfigError {
  return new AuthConfigError(errorMessage(code, ...facts), code);
}
