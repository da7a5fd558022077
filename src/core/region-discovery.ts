import type { RegionCandidate } from './config.js';
import { type AuthError, InvalidApiKeyError } from './errors/index.js';

export interface Accepted {
  candidate: RegionCandidate;
  token: string;
}

/**
 * Asks each region in turn and keeps the first that issues a token, as the service's own CLI falls
 * back from us to eu. A 401 only says the key belongs elsewhere; any other failure is reported
 * instead of "invalid key", since that region might have been the key's home.
 */
export async function authenticateFirstAccepting(
  candidates: readonly RegionCandidate[],
  ask: (candidate: RegionCandidate) => Promise<string>,
): Promise<Accepted> {
  let inconclusive: AuthError | null = null;
  let rejected: AuthError | null = null;
  for (const candidate of candidates) {
    try {
      return { candidate, token: await ask(candidate) };
    } catch (error) {
      if (error instanceof InvalidApiKeyError) rejected ??= error;
      else inconclusive ??= error as AuthError;
    }
  }
  throw inconclusive ?? rejected ?? new InvalidApiKeyError();
}
