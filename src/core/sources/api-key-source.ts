import { requestToken } from './auth-endpoint.js';
import type { RegionCandidate } from './regions.js';
import { AuthNetworkError } from '../errors/index.js';
import type { RegionChooser } from './region-discovery.js';
import type { TokenSource } from './token-source.js';
import type { ClientTelemetry } from '../wire/telemetry.js';

export interface ApiKeySourceOptions {
  apiKey: string;
  /** The one region asked for, or with `autoRegion()` the order in which regions are tried. */
  chooser: RegionChooser;
  authTimeoutMs: number;
  fetch: typeof fetch;
  telemetry?: ClientTelemetry | undefined;
}

/** The only region there is: nothing to discover. */
export function oneRegion(candidate: RegionCandidate): RegionChooser {
  return {
    obtain: async (ask) => ({ candidate, token: await ask(candidate) }),
    current: () => candidate,
    settledIn: () => undefined,
  };
}

/** The browser-held key exchanged at `/v1/auth`, in the region the chooser names. */
export function apiKeySource({ apiKey, chooser, authTimeoutMs, fetch: fetchImpl, telemetry }: ApiKeySourceOptions): TokenSource {
  return {
    async obtain(_replacing, why = 'first') {
      const { candidate, token } = await chooser.obtain(({ region, endpoints }) =>
        requestToken({ fetch: fetchImpl, authUrl: endpoints.authUrl, apiKey, timeoutMs: authTimeoutMs, region, why, telemetry }),
      );
      return { token, region: candidate.region };
    },
    toAuthError: (error) => new AuthNetworkError(chooser.current()?.endpoints.authUrl ?? '', { cause: error }),
    settledIn: chooser.settledIn,
  };
}
