import { requestToken } from './auth-endpoint.js';
import type { RegionCandidate } from './config.js';
import { AuthNetworkError } from './errors/index.js';
import { authenticateFirstAccepting } from './region-discovery.js';
import type { TokenSource } from './token-source.js';

/** Region "auto": where each identity's key was accepted, so a remounted client asks there first. */
const discoveredHomes = new Map<string, string>();

/**
 * The browser-held key exchanged at `/v1/auth`: with one region, there; with "auto", each region in
 * turn until one accepts the key, and from then on that one first.
 */
export interface ApiKeySourceOptions {
  apiKey: string;
  candidates: readonly RegionCandidate[];
  authTimeoutMs: number;
  fetch: typeof fetch;
  identityId: string;
}

export function apiKeySource({ apiKey, candidates, authTimeoutMs, fetch: fetchImpl, identityId }: ApiKeySourceOptions): TokenSource {
  const candidateFor = (region: string) => candidates.find((candidate) => candidate.region === region);
  let home: RegionCandidate | undefined =
    candidates.length === 1 ? candidates[0] : candidateFor(discoveredHomes.get(identityId) ?? '');

  return {
    async obtain() {
      const { candidate, token } = await authenticateFirstAccepting(home ? [home] : candidates, ({ endpoints }) =>
        requestToken({ fetch: fetchImpl, authUrl: endpoints.authUrl, apiKey, timeoutMs: authTimeoutMs }),
      );
      return { token, region: candidate.region };
    },
    toAuthError(error) {
      const authUrl = (home ?? candidates[0])?.endpoints.authUrl ?? '';
      return new AuthNetworkError(authUrl, { cause: error });
    },
    settledIn(region) {
      home = candidateFor(region) ?? home;
      if (candidates.length > 1 && home !== undefined) discoveredHomes.set(identityId, home.region);
    },
  };
}
