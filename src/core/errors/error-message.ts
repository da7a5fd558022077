import { AuthConfigError } from './auth-config-error.js';
import { type ErrorCode, ERROR_MESSAGES, type ErrorMessages } from './error-messages.js';

let inFull: ErrorMessages | undefined;

/** The server entries say every error in full whatever `NODE_ENV` says: a server's log is read, not shipped. */
export function tellErrorsInFull(): void {
  inFull = ERROR_MESSAGES;
}

/**
 * The full messages in development, none in a production build. Bundlers replace
 * `process.env.NODE_ENV` (and only that: a browser has no `process`, so no `typeof process` guard may
 * stand beside it, or a development build takes the codes-only branch), so a production build folds
 * this to undefined and leaves error-messages.ts out. Read when an error is made, never at load: where
 * nothing replaced it and there is no `process` (a page loading the module as is), or Deno without
 * --allow-env refuses the read, the catch means codes only; it must not return the messages, or no
 * production build could drop them.
 */
function fullMessages(): ErrorMessages | undefined {
  try {
    return process.env.NODE_ENV !== 'production' ? ERROR_MESSAGES : undefined;
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
