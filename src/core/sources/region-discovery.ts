import type { RegionCandidate } from './regions.js';
import { type AuthError, InvalidApiKeyError } from '../errors/index.js';

export interface Accepted {
  candidate: RegionCandidate;
  token: string;
}

/** The order in which an API key's regions are asked, and what is learnt from the answers. */
export interface RegionChooser {
  /** Asks until a region issues a token. */
  obtain: (ask: (candidate: RegionCandidate) => Promise<string>) => Promise<Accepted>;
  /** The region whose auth endpoint a failure names. */
  current: () => RegionCandidate | undefined;
  settledIn: (region: string) => void;
}

/** Region discovery as a client option, from `autoRegion()`. */
export interface AutoRegion {
  readonly kind: 'auto';
  chooser: (candidates: readonly RegionCandidate[], identityId: string) => RegionChooser;
}

/**
 * Asks each region in turn and keeps the first that issues a token, as the service's own CLI falls
 * back from us to eu. A 401 only says the key belongs elsewhere; any other failure is reported
 * instead of "invalid key", since that region might have been the key's home.
 */
async function authenticateFirstAccepting(candidates: readonly RegionCandidate[], ask: (candidate: RegionCandidate) => Promise<string>): Promise<Accepted> {
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

/** Where each identity's key was accepted, so a remounted client asks there first. */
const discoveredHomes = new Map<string, string>();

/**
 * The region that accepts the key, found by trying each configured region's `/v1/auth` in order;
 * from then on that one is asked first. Pass it as the client's `region` (`region: autoRegion()`).
 */
export function autoRegion(): AutoRegion {
  return {
    kind: 'auto',
    chooser(candidates, identityId) {
      const candidateFor = (region: string) => candidates.find((candidate) => candidate.region === region);
      let home = candidateFor(discoveredHomes.get(identityId) ?? '');
      return {
        obtain: (ask) => authenticateFirstAccepting(home ? [home] : candidates, ask),
        current: () => home ?? candidates[0],
        settledIn(region) {
          home = candidateFor(region) ?? home;
          if (home !== undefined) discoveredHomes.set(identityId, home.region);
        },
      };
    },
  };
}
