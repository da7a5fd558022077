import { AuthConfigError } from './errors/index.js';
import { DEFAULT_REGIONS, type RegionEndpoints, type Regions, resolveRegion } from './regions.js';
import type { AuthClientOptions } from './types.js';

export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
export const DEFAULT_AUTH_TIMEOUT_MS = 30_000;

/** The region name that asks the client to find the region that accepts the key. */
export const AUTO_REGION = 'auto';

export interface RegionCandidate {
  region: string;
  endpoints: RegionEndpoints;
}

export interface ClientConfig {
  apiKey: string;
  /** The regions to authenticate with, in order: one, or every configured one for "auto". */
  candidates: readonly RegionCandidate[];
  marginMs: number;
  authTimeoutMs: number;
}

/** The longest delay setTimeout honours; above it, the timer fires at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

function nonNegative(name: string, value: number | undefined, fallback: number, max?: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > (max ?? value)) {
    const range = max === undefined ? '≥ 0' : `from 0 to ${max}`;
    throw new AuthConfigError(`${name} must be a finite number ${range}, got ${String(value)}`);
  }
  return value;
}

/** A map's own region named "auto" wins: discovery only runs when the name means nothing else. */
function regionCandidates(region: string, regions: Regions = DEFAULT_REGIONS): RegionCandidate[] {
  if (region !== AUTO_REGION || Object.hasOwn(regions, AUTO_REGION)) {
    return [{ region, endpoints: resolveRegion(region, regions) }];
  }
  const names = Object.keys(regions);
  if (names.length === 0) throw new AuthConfigError('region "auto" needs at least one configured region');
  return names.map((name) => ({ region: name, endpoints: resolveRegion(name, regions) }));
}

/** @throws AuthConfigError; its message never contains the API key. */
export function readConfig(options: AuthClientOptions): ClientConfig {
  const { apiKey, region } = options;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new AuthConfigError('apiKey must be a non-empty string');
  }
  if (typeof region !== 'string') throw new AuthConfigError('region must be a string');
  return {
    apiKey,
    candidates: regionCandidates(region, options.regions),
    marginMs: nonNegative('refreshMarginMs', options.refreshMarginMs, DEFAULT_REFRESH_MARGIN_MS),
    // A margin is never more than half the token's lifetime and its timer takes long waits in steps,
    // but the auth timeout is one setTimeout.
    authTimeoutMs:
      nonNegative('authTimeoutMs', options.authTimeoutMs, DEFAULT_AUTH_TIMEOUT_MS, MAX_TIMER_DELAY_MS) ||
      DEFAULT_AUTH_TIMEOUT_MS,
  };
}
